// One likertWithRationale object: score as a 1-5 segmented control (digit keys
// set it), confidence, and a rationale that says "required" the moment the
// rules make it so.
import type { FieldProps } from "@rjsf/utils";
import { getUiOptions } from "@rjsf/utils";
import type { KeyboardEvent } from "react";
import { isRationaleRequired } from "@/lib/aif/contract";
import type { LikertWithRationale } from "@/lib/aif/types";
import { useBufferedValue } from "../buffered-text-widget/use-buffered-value";
import { errorIdFor, FieldErrors } from "../field-errors";
import { SegmentedChoice } from "../segmented-choice";
import { titleOf } from "../title-of";

const DEFAULT_LABELS = ["Very poor", "Poor", "Acceptable", "Good", "Excellent"];
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

  const update = (patch: Partial<Likert>) => {
    const next: Likert = { ...value, ...patch };
    for (const key of Object.keys(patch) as (keyof Likert)[]) if (patch[key] === undefined) delete next[key];
    onChange(next, fieldPathId.path);
  };
  const rationale = useBufferedValue(value.rationale ?? "", (text) => update({ rationale: text === "" ? undefined : text }));
  const anchors = useBufferedValue(value.anchors_used ?? "", (text) => update({ anchors_used: text === "" ? undefined : text }));

  const rationaleRequired = isRationaleRequired(value);
  const fractional = typeof value.score === "number" && !Number.isInteger(value.score);
  const errorsOf = (key: keyof Likert) => errorSchema?.[key]?.__errors as string[] | undefined;
  const scoreErrors = [...((errorSchema?.__errors as string[] | undefined) ?? []), ...(errorsOf("score") ?? [])];

  const onDigit = (event: KeyboardEvent<HTMLDivElement>) => {
    const digit = Number(event.key);
    if (!Number.isInteger(digit) || digit < 1 || digit > 5 || disabled || readonly) return;
    event.preventDefault();
    update({ score: digit });
    document.getElementById(`${id}_score-${digit}`)?.focus();
  };

  return (
    <fieldset className="likert" id={id}>
      <legend>
        {title}
        {required ? <span className="required-mark" aria-hidden="true">*</span> : null}
      </legend>
      <div className="likert-row">
        <span className="likert-row-label" id={`${id}_score-label`}>Score</span>
        <SegmentedChoice
          id={`${id}_score`}
          label={`${title} score`}
          options={labels.map((label, index) => ({ value: index + 1, label: String(index + 1), hint: label }))}
          value={fractional ? undefined : value.score}
          onChange={(score) => update({ score })}
          onKeyDown={onDigit}
          invalid={scoreErrors.length > 0}
          describedBy={scoreErrors.length > 0 ? errorIdFor(`${id}_score`) : undefined}
          disabled={disabled || readonly}
        />
      </div>
      {fractional ? (
        <p className="likert-fraction">Current score {value.score} (a mean of judge samples). Choose a whole score to replace it.</p>
      ) : null}
      <FieldErrors fieldId={`${id}_score`} errors={scoreErrors} />
      <div className="likert-row">
        <span className="likert-row-label">Confidence</span>
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
      <label htmlFor={`${id}_rationale`} className="likert-rationale-label">
        Rationale{" "}
        {rationaleRequired ? <span className="badge badge-required">required</span> : <span className="badge">optional</span>}
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
      <details className="likert-more" open={Boolean(value.anchors_used)}>
        <summary>Anchors used</summary>
        <label htmlFor={`${id}_anchors_used`} className="visually-hidden">{`${title} anchors used`}</label>
        <input
          id={`${id}_anchors_used`}
          className="form-control"
          value={anchors.text}
          disabled={disabled}
          readOnly={readonly}
          onChange={(event) => anchors.change(event.target.value)}
          onBlur={anchors.flush}
        />
      </details>
    </fieldset>
  );
}
