// A judge's value as readable text: a Likert as score, confidence and
// rationale; a hazard as verdict, severity and evidence; anything else as is.
import { isPlainObject } from "@/lib/is-plain-object";

function text(value: unknown): string {
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map(text).join(", ");
  if (isPlainObject(value)) return JSON.stringify(value);
  return String(value);
}

export function JudgeValue({ value }: { value: unknown }) {
  if (isPlainObject(value) && "score" in value) {
    return (
      <>
        <span>
          score {text(value.score)}
          {value.confidence ? ` · ${text(value.confidence)} confidence` : ""}
        </span>
        {typeof value.rationale === "string" ? (
          <blockquote className="judge-rationale">{value.rationale}</blockquote>
        ) : null}
      </>
    );
  }
  if (isPlainObject(value) && "verdict" in value) {
    return (
      <>
        <span>
          {text(value.verdict)}
          {value.severity ? ` · severity ${text(value.severity)}` : ""}
        </span>
        {typeof value.evidence === "string" ? (
          <blockquote className="judge-rationale">{value.evidence}</blockquote>
        ) : null}
      </>
    );
  }
  return <span>{text(value)}</span>;
}
