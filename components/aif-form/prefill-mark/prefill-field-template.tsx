// On the SME review page, every field the judge filled carries a mark: the
// judge's value (and, for a Likert, its rationale) beside the field, and
// whether the SME's current value still equals it. Wraps rjsf's default
// FieldTemplate; the judge's record arrives through formContext.
// Not the package index, which brings Ajv's compiler (see aif-form.tsx).
import getDefaultRegistry from "@rjsf/core/lib/getDefaultRegistry.js";
import type { FieldTemplateProps } from "@rjsf/utils";
import { isNotRated } from "@/lib/aif/not-rated";
import { judgeValueAsShown, sameJudgedValue } from "@/lib/review/field-decisions";
import type { FormCommands } from "../form-commands";
import { JudgeValue } from "./judge-value";

const DefaultFieldTemplate = getDefaultRegistry().templates.FieldTemplate;
// Derived from the hazards; the judge's own value is not a judgment to confirm.
const UNMARKED = new Set(["/safety/is_violating_any"]);

export type PrefillContext = { prefill?: Record<string, unknown>; commands?: FormCommands };

/** A copy of `root` with `value` at `path` (the form's data is never mutated). */
function setAt(
  root: Record<string, unknown>,
  path: readonly (string | number)[],
  value: unknown,
): Record<string, unknown> {
  const [key, ...rest] = path;
  if (key === undefined) return root;
  const child = root[key] as Record<string, unknown> | undefined;
  return {
    ...root,
    [key]: rest.length === 0 ? value : setAt(typeof child === "object" && child !== null ? child : {}, rest, value),
  };
}

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
  const { prefill, commands } = (props.registry.formContext ?? {}) as PrefillContext;
  const pointer = `/${props.fieldPathId.path.join("/")}`;
  const judgeValue =
    prefill && isMarkable(props) && !UNMARKED.has(pointer) ? valueAt(prefill, props.fieldPathId.path) : undefined;
  // A field the judge did not rate has no value of the judge's to confirm: the SME rates it.
  if (judgeValue === undefined || judgeValue === null || isNotRated(judgeValue))
    return <DefaultFieldTemplate {...props} />;
  const path = props.fieldPathId.path;
  // A Likert without the SME's own rationale still holds the judge's value: the judge's rationale is shown, not taken.
  const unchanged = sameJudgedValue(judgeValueAsShown(judgeValue, props.formData), props.formData);
  const judgeRationale =
    typeof (judgeValue as { rationale?: unknown }).rationale === "string"
      ? (judgeValue as { rationale: string }).rationale
      : undefined;
  const ownRationale = (props.formData as { rationale?: unknown } | undefined)?.rationale;
  const label = props.label || pointer;
  return (
    <div className={`judge-marked ${unchanged ? "judge-accepted" : "judge-changed"}`}>
      <DefaultFieldTemplate {...props} />
      <aside
        className="judge-mark"
        data-testid="judge-mark"
        data-path={pointer}
        data-state={unchanged ? "accepted" : "changed"}
        aria-label={`Judge's value for ${label}`}
      >
        <span className="badge">{unchanged ? "Judge's value" : "Changed from judge"}</span>{" "}
        <JudgeValue value={judgeValue} />
        {commands && !unchanged ? (
          <button
            type="button"
            className="btn btn-small"
            aria-label={`Use the judge's value for ${label}`}
            onClick={() =>
              commands.patch((data) =>
                setAt(
                  data,
                  path,
                  judgeValueAsShown(judgeValue, ownRationale === undefined ? {} : { rationale: ownRationale }),
                ),
              )
            }
          >
            Use the judge&apos;s value
          </button>
        ) : null}
        {commands && judgeRationale !== undefined && ownRationale === undefined ? (
          <button
            type="button"
            className="btn btn-small"
            aria-label={`Use the judge's rationale for ${label}`}
            onClick={() => commands.patch((data) => setAt(data, [...path, "rationale"], judgeRationale))}
          >
            Use the judge&apos;s rationale
          </button>
        ) : null}
      </aside>
    </div>
  );
}
