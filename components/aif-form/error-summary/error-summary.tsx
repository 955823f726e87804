// The list of problems above the form; each links to its field.
import { forwardRef } from "react";
import { readablePath } from "@/lib/aif/field-labels";
import type { ValidationIssue } from "@/lib/aif/types";
import { fieldIdOf } from "../error-schema";

export const ErrorSummary = forwardRef<HTMLDivElement, { issues: ValidationIssue[] }>(function ErrorSummary(
  { issues },
  ref,
) {
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
