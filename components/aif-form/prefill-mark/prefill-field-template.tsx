// On the SME review page, every field the judge filled carries a mark: the
// judge's value (and, for a Likert, its rationale) beside the field, and
// whether the SME's current value still equals it. Wraps rjsf's default
// FieldTemplate; the judge's record arrives through formContext.
import { getDefaultRegistry } from "@rjsf/core";
import type { FieldTemplateProps } from "@rjsf/utils";
import { sameJudgedValue } from "@/lib/review/field-decisions";
import { JudgeValue } from "./judge-value";

const DefaultFieldTemplate = getDefaultRegistry().templates.FieldTemplate;
// Derived from the hazards; the judge's own value is not a judgment to confirm.
const UNMARKED = new Set(["/safety/is_violating_any"]);

export type PrefillContext = { prefill?: Record<string, unknown> };

function valueAt(root: unknown, path: readonly (string | number)[]): unknown {
  let node = root;
  for (const key of path) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

function isMarkable(props: FieldTemplateProps): boolean {
  const path = props.fieldPathId.path;
  if (path.length === 0 || path.some((key) => typeof key === "number")) return false;
  const properties = (props.schema.properties ?? {}) as Record<string, unknown>;
  const isContainer = props.schema.type === "object" && !("score" in properties) && !("verdict" in properties);
  return !isContainer;
}

export function PrefillFieldTemplate(props: FieldTemplateProps) {
  const { prefill } = (props.registry.formContext ?? {}) as PrefillContext;
  const pointer = `/${props.fieldPathId.path.join("/")}`;
  const judgeValue = prefill && isMarkable(props) && !UNMARKED.has(pointer) ? valueAt(prefill, props.fieldPathId.path) : undefined;
  if (judgeValue === undefined || judgeValue === null) return <DefaultFieldTemplate {...props} />;
  const unchanged = sameJudgedValue(judgeValue, props.formData);
  return (
    <div className={`judge-marked ${unchanged ? "judge-accepted" : "judge-changed"}`}>
      <DefaultFieldTemplate {...props} />
      <aside className="judge-mark" data-testid="judge-mark" data-path={pointer} data-state={unchanged ? "accepted" : "changed"} aria-label={`Judge's value for ${props.label || pointer}`}>
        <span className="badge">{unchanged ? "Judge's value" : "Changed from judge"}</span> <JudgeValue value={judgeValue} />
      </aside>
    </div>
  );
}
