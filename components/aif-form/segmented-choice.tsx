// A labelled segmented control built from native radio inputs, so arrow keys,
// focus and screen readers behave as users expect.
import type { KeyboardEvent } from "react";

export type SegmentedOption<V extends string | number> = { value: V; label: string; hint?: string };

type Props<V extends string | number> = {
  id: string;
  label: string;
  options: SegmentedOption<V>[];
  value: V | undefined;
  /** Shown as chosen, but marked as the default, when no value is set. */
  defaultValue?: V;
  onChange: (value: V) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  /** Values the current (fractional) value lies between: marked, none chosen. */
  near?: readonly V[];
};

const FORWARD = new Set(["ArrowRight", "ArrowDown"]);
const BACKWARD = new Set(["ArrowLeft", "ArrowUp"]);

/** Native radio groups wrap (High → Low): at either end an arrow stays put. */
function stopAtEnds(event: KeyboardEvent<HTMLDivElement>): void {
  if (!FORWARD.has(event.key) && !BACKWARD.has(event.key)) return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const radios = [...event.currentTarget.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
  const index = radios.indexOf(event.target as HTMLInputElement);
  if (index === -1) return;
  if ((FORWARD.has(event.key) && index === radios.length - 1) || (BACKWARD.has(event.key) && index === 0))
    event.preventDefault();
}

export function SegmentedChoice<V extends string | number>(props: Props<V>) {
  const { id, label, options, value, defaultValue, onChange, onKeyDown, invalid, describedBy, disabled, near } = props;
  const shown = value ?? defaultValue;
  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className="segmented"
      id={id}
      onKeyDown={(event) => {
        stopAtEnds(event);
        onKeyDown?.(event);
      }}
    >
      {options.map((option) => {
        const optionId = `${id}-${String(option.value).replace(/[^a-zA-Z0-9_-]/g, "_")}`;
        const isDefault = value === undefined && option.value === defaultValue;
        const isNear = near?.includes(option.value) ?? false;
        const className = ["segment", isDefault ? "segment-default" : "", isNear ? "segment-near" : ""]
          .filter(Boolean)
          .join(" ");
        return (
          <label key={String(option.value)} htmlFor={optionId} className={className} data-near={isNear || undefined}>
            <input
              type="radio"
              id={optionId}
              name={id}
              value={String(option.value)}
              checked={shown === option.value}
              disabled={disabled}
              onChange={() => onChange(option.value)}
            />
            <span className="segment-label">{option.label}</span>
            {option.hint ? <span className="segment-hint">{option.hint}</span> : null}
            {isDefault ? <span className="segment-hint">default</span> : null}
          </label>
        );
      })}
    </div>
  );
}
