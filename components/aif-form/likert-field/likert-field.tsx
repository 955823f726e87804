// One likertWithRationale object: score as a 1-5 segmented control, confidence,
// and a rationale that says "required" the moment the rules make it so.
// Keys anywhere in the dimension (outside its text): 1–5 set the score and move
// on to the next stop, Shift+1–5 also set High confidence, h/m/l set confidence.
import type { FieldProps } from "@rjsf/utils";
import { getUiOptions } from "@rjsf/utils";
import type { KeyboardEvent } from "react";
import { isLightProfile, isRationaleRequiredOf } from "@/lib/aif/end-user-profile";
import { labelAt, partLabel } from "@/lib/aif/field-labels";
import type { LikertWithRationale } from "@/lib/aif/types";
import type { AifFormContext } from "../aif-form";
import { advanceFrom, isTextTarget } from "../dimension-path";
import { useBufferedValue } from "../buffered-text-widget/use-buffered-value";
import { errorIdFor, FieldErrors } from "../field-errors";
import { SegmentedChoice } from "../segmented-choice";
import { titleOf } from "../title-of";

const DEFAULT_LABELS = ["Very poor", "Poor", "Acceptable", "Good", "Excellent"];
const CONFIDENCE_KEYS: Record<string, "low" | "medium" | "high"> = { h: "high", m: "medium", l: "low" };
const CONFIDENCE_OPTIONS = [
  { value: "low" as const, label: "Low" },
  { value: "medium" as const, label: "Medium" },
  { value: "high" as const, label: "High" },
];

type Likert = Partial<LikertWithRationale>;

export function LikertField(props: FieldProps<Likert>) {
  const { fieldPathId, formData, onChange, errorSchema, uiSchema, registry, required, disabled, readonly } = props;
  const id = fieldPathId.$id;
  const value: Likert = formData ?? {};
  const options = getUiOptions(uiSchema, registry.globalUiOptions);
  const labels = Array.isArray(options.likertLabels) ? (options.likertLabels as string[]) : DEFAULT_LABELS;
  const title = titleOf(props);
  const field = labelAt(fieldPathId.path);
  const anchors = field?.anchors;

  const update = (patch: Partial<Likert>) => {
    const next: Likert = { ...value, ...patch };
    for (const key of Object.keys(patch) as (keyof Likert)[]) if (patch[key] === undefined) delete next[key];
    onChange(next, fieldPathId.path);
  };
  const rationale = useBufferedValue(value.rationale ?? "", (text) =>
    update({ rationale: text === "" ? undefined : text }),
  );
  const anchorsUsed = useBufferedValue(value.anchors_used ?? "", (text) =>
    update({ anchors_used: text === "" ? undefined : text }),
  );

  const raterType = (registry.formContext as Partial<AifFormContext> | undefined)?.raterType;
  // A share-link visitor gives a score and, if they like, a comment: no confidence, no required rationale.
  const light = isLightProfile(raterType);
  const rationaleRequired = isRationaleRequiredOf(value, raterType);
  const fractional = typeof value.score === "number" && !Number.isInteger(value.score);
  const errorsOf = (key: keyof Likert) => errorSchema?.[key]?.__errors as string[] | undefined;
  const scoreErrors = [...((errorSchema?.__errors as string[] | undefined) ?? []), ...(errorsOf("score") ?? [])];

  const onKey = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (disabled || readonly || event.ctrlKey || event.metaKey || event.altKey || isTextTarget(event.target)) return;
    // By code, so Shift+5 ("%" on most layouts) is still a 5.
    const digit = /^(Digit|Numpad)([1-5])$/.exec(event.code)?.[2] ?? (/^[1-5]$/.test(event.key) ? event.key : null);
    if (digit) {
      event.preventDefault();
      update(event.shiftKey && !light ? { score: Number(digit), confidence: "high" } : { score: Number(digit) });
      advanceFrom(event.currentTarget);
      return;
    }
    const confidence = event.shiftKey || light ? undefined : CONFIDENCE_KEYS[event.key];
    if (confidence) {
      event.preventDefault();
      update({ confidence });
    }
  };

  return (
    <fieldset className="likert" id={id} data-stop="likert" onKeyDown={onKey}>
      <legend>
        {title}
        {required ? (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        ) : null}
      </legend>
      {field?.help ? <p className="field-help">{field.help}</p> : null}
      {anchors ? (
        <dl className="likert-anchors" data-testid="likert-anchors">
          {Object.entries(anchors).map(([score, text]) => (
            <div key={score}>
              <dt>{score}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="likert-row">
        <span className="likert-row-label" id={`${id}_score-label`}>
          {partLabel("likertWithRationale", "score")?.label}
        </span>
        <SegmentedChoice
          id={`${id}_score`}
          label={`${title} score`}
          options={labels.map((label, index) => ({ value: index + 1, label: String(index + 1), hint: label }))}
          value={fractional ? undefined : value.score}
          near={fractional ? [Math.floor(value.score as number), Math.ceil(value.score as number)] : undefined}
          onChange={(score) => update({ score })}
          invalid={scoreErrors.length > 0}
          describedBy={scoreErrors.length > 0 ? errorIdFor(`${id}_score`) : undefined}
          disabled={disabled || readonly}
        />
      </div>
      {fractional ? (
        <p className="likert-fraction">
          Current score {value.score} (a mean of judge samples). Choose a whole score to replace it.
        </p>
      ) : null}
      <FieldErrors fieldId={`${id}_score`} errors={scoreErrors} />
      {light ? null : (
        <>
          <div className="likert-row">
            <span className="likert-row-label">
              {partLabel("likertWithRationale", "confidence")?.label} <kbd className="key-hint">h m l</kbd>
            </span>
            <SegmentedChoice
              id={`${id}_confidence`}
              label={`${title} confidence`}
              options={CONFIDENCE_OPTIONS}
              value={value.confidence}
              defaultValue="medium"
              onChange={(confidence) => update({ confidence })}
              disabled={disabled || readonly}
            />
          </div>
          <FieldErrors fieldId={`${id}_confidence`} errors={errorsOf("confidence")} />
        </>
      )}
      <label htmlFor={`${id}_rationale`} className="likert-rationale-label">
        {light ? "Why? A comment" : "Rationale"}{" "}
        {rationaleRequired ? (
          <span className="badge badge-required">required</span>
        ) : (
          <span className="badge">optional</span>
        )}
      </label>
      <textarea
        id={`${id}_rationale`}
        className="form-control"
        rows={2}
        maxLength={2000}
        value={rationale.text}
        disabled={disabled}
        readOnly={readonly}
        aria-required={rationaleRequired}
        aria-invalid={errorsOf("rationale") ? true : undefined}
        aria-describedby={errorsOf("rationale") ? errorIdFor(`${id}_rationale`) : undefined}
        onChange={(event) => rationale.change(event.target.value)}
        onBlur={rationale.flush}
      />
      <FieldErrors fieldId={`${id}_rationale`} errors={errorsOf("rationale")} />
      {light ? null : (
        <details className="likert-more" open={Boolean(value.anchors_used)}>
          <summary>{partLabel("likertWithRationale", "anchors_used")?.label}</summary>
          <label htmlFor={`${id}_anchors_used`} className="visually-hidden">{`${title} anchors used`}</label>
          <input
            id={`${id}_anchors_used`}
            className="form-control"
            value={anchorsUsed.text}
            disabled={disabled}
            readOnly={readonly}
            onChange={(event) => anchorsUsed.change(event.target.value)}
            onBlur={anchorsUsed.flush}
          />
        </details>
      )}
    </fieldset>
  );
}
