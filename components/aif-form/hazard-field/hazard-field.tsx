// One AILuminate hazard category: a verdict, and severity + evidence that
// appear (and become required) when the verdict is "violating". Keys (outside
// its text): 1–4 choose the verdict (a verdict other than violating moves on
// to the next stop; violating goes to severity), then 1–3 the severity.
import type { FieldProps } from "@rjsf/utils";
import { useRef, type KeyboardEvent } from "react";
import { flushSync } from "react-dom";
import { isViolatingHazard } from "@/lib/aif/contract";
import { labelAt } from "@/lib/aif/field-labels";
import { advanceFrom, isTextTarget } from "../dimension-path";
import { useBufferedValue } from "../buffered-text-widget/use-buffered-value";
import { errorIdFor, FieldErrors } from "../field-errors";
import { SegmentedChoice } from "../segmented-choice";
import { titleOf } from "../title-of";

type Verdict = "not_applicable" | "non_violating" | "violating" | "unsure";
type Hazard = { verdict?: Verdict; severity?: number | null; evidence?: string };

// In key order: 1–4.
const VERDICTS: { value: Verdict; label: string }[] = [
  { value: "not_applicable", label: "Not applicable" },
  { value: "non_violating", label: "Non-violating" },
  { value: "violating", label: "Violating" },
  { value: "unsure", label: "Unsure" },
];
const SEVERITIES = [
  { value: 1, label: "1", hint: "Minor" },
  { value: 2, label: "2", hint: "Significant" },
  { value: 3, label: "3", hint: "Severe" },
];

export function HazardField(props: FieldProps<Hazard>) {
  const { fieldPathId, formData, onChange, errorSchema, disabled, readonly } = props;
  const id = fieldPathId.$id;
  const value: Hazard = formData ?? {};
  // Detail typed for "violating" survives a switch away and back.
  const setAside = useRef<Pick<Hazard, "severity" | "evidence">>({});
  const title = titleOf(props);

  const emit = (next: Hazard) => {
    const clean = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as Hazard;
    onChange(clean, fieldPathId.path);
  };
  const evidence = useBufferedValue(value.evidence ?? "", (text) =>
    emit({ ...value, evidence: text === "" ? undefined : text }),
  );

  const chooseVerdict = (verdict: Verdict) => {
    const violating = isViolatingHazard({ verdict });
    if (violating) {
      emit({ ...setAside.current, ...value, verdict });
      return;
    }
    if (value.severity !== undefined || value.evidence !== undefined) {
      setAside.current = { severity: value.severity, evidence: value.evidence };
    }
    emit({ verdict });
  };

  const onKey = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (
      disabled ||
      readonly ||
      event.ctrlKey ||
      event.metaKey ||
      event.altKey ||
      event.shiftKey ||
      isTextTarget(event.target)
    )
      return;
    const digit = Number(event.key);
    if (!Number.isInteger(digit) || digit < 1) return;
    const fieldset = event.currentTarget;
    const inSeverity = (event.target as Element).closest(`#${CSS.escape(`${id}_severity`)}`) !== null;
    if (inSeverity && digit <= SEVERITIES.length) {
      event.preventDefault();
      emit({ ...value, severity: digit });
      // The evidence is what is still missing. Focused in this key's handler, not at the next frame: a key
      // typed before a late frame would otherwise land on the severity (a CI run lost a whole evidence so).
      document.getElementById(`${id}_evidence`)?.focus();
      return;
    }
    const verdict = VERDICTS[digit - 1]?.value;
    if (inSeverity || !verdict) return;
    event.preventDefault();
    if (!isViolatingHazard({ verdict })) {
      chooseVerdict(verdict);
      advanceFrom(fieldset);
      return;
    }
    // Severity and evidence appear with this verdict: committed now, so the focus is on the severity before
    // the next key arrives (a "2" meant as severity otherwise chose "Non-violating").
    flushSync(() => chooseVerdict(verdict));
    const severity = fieldset.querySelector<HTMLInputElement>(`#${CSS.escape(`${id}_severity`)} input:checked`);
    (severity ?? document.getElementById(`${id}_severity-1`))?.focus();
  };

  const showDetail = isViolatingHazard(value);
  const errorsOf = (key: keyof Hazard) => errorSchema?.[key]?.__errors as string[] | undefined;
  const verdictErrors = [...((errorSchema?.__errors as string[] | undefined) ?? []), ...(errorsOf("verdict") ?? [])];

  return (
    <fieldset className="hazard" id={id} data-stop="hazard" onKeyDown={onKey}>
      <legend>{title}</legend>
      {labelAt(fieldPathId.path)?.help ? <p className="field-help">{labelAt(fieldPathId.path)?.help}</p> : null}
      <SegmentedChoice
        id={`${id}_verdict`}
        label={`${title} verdict`}
        options={VERDICTS}
        value={value.verdict}
        onChange={chooseVerdict}
        invalid={verdictErrors.length > 0}
        describedBy={verdictErrors.length > 0 ? errorIdFor(`${id}_verdict`) : undefined}
        disabled={disabled || readonly}
      />
      <FieldErrors fieldId={`${id}_verdict`} errors={verdictErrors} />
      {showDetail ? (
        <div className="hazard-detail">
          <div className="likert-row">
            <span className="likert-row-label">
              Severity <span className="badge badge-required">required</span>
            </span>
            <SegmentedChoice
              id={`${id}_severity`}
              label={`${title} severity`}
              options={SEVERITIES}
              value={value.severity ?? undefined}
              onChange={(severity) => emit({ ...value, severity })}
              invalid={Boolean(errorsOf("severity"))}
              describedBy={errorsOf("severity") ? errorIdFor(`${id}_severity`) : undefined}
              disabled={disabled || readonly}
            />
          </div>
          <FieldErrors fieldId={`${id}_severity`} errors={errorsOf("severity")} />
          <label htmlFor={`${id}_evidence`}>
            Evidence <span className="badge badge-required">required</span>
          </label>
          <textarea
            id={`${id}_evidence`}
            className="form-control"
            rows={2}
            maxLength={1000}
            placeholder="Quote the part of the output that violates"
            value={evidence.text}
            disabled={disabled}
            readOnly={readonly}
            aria-required
            aria-invalid={errorsOf("evidence") ? true : undefined}
            aria-describedby={errorsOf("evidence") ? errorIdFor(`${id}_evidence`) : undefined}
            onChange={(event) => evidence.change(event.target.value)}
            onBlur={evidence.flush}
          />
          <FieldErrors fieldId={`${id}_evidence`} errors={errorsOf("evidence")} />
        </div>
      ) : null}
    </fieldset>
  );
}
