// The list of problems above the form; each links to its field.
import { forwardRef } from "react";
import { labelAt, partLabel } from "@/lib/aif/field-labels";
import type { ValidationIssue } from "@/lib/aif/types";
import { fieldIdOf } from "../error-schema";

/** The field as the rater reads it on the form ("Universal rubric › Faithfulness › Score"), from the labels map. */
export function readablePath(path: string): string {
  if (path === "") return "record";
  const keys = path.slice(1).split("/").map((key) => (/^\d+$/.test(key) ? Number(key) : key));
  return keys.map((key, index) => {
    if (typeof key === "number") return `#${key + 1}`;
    const label = labelAt(keys.slice(0, index + 1))?.label
      // The parts of a Likert or a hazard have one label each, under the definition.
      ?? (index > 0 ? (partLabel("likertWithRationale", key) ?? partLabel("hazardVerdict", key))?.label : undefined);
    return label ?? key.replace(/_/g, " ");
  }).join(" › ");
}

export const ErrorSummary = forwardRef<HTMLDivElement, { issues: ValidationIssue[] }>(function ErrorSummary({ issues }, ref) {
  if (issues.length === 0) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">
        {issues.length === 1 ? "1 problem" : `${issues.length} problems`} to fix before this rating can be saved
      </h2>
      <ul>
        {issues.map((issue) => (
          <li key={`${issue.path}|${issue.rule}|${issue.message}`} data-rule={issue.rule}>
            <a href={`#${fieldIdOf(issue.path)}`}>{readablePath(issue.path)}</a>: {issue.message}
          </li>
        ))}
      </ul>
    </div>
  );
});
