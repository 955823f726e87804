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
};

export function SegmentedChoice<V extends string | number>(props: Props<V>) {
  const { id, label, options, value, defaultValue, onChange, onKeyDown, invalid, describedBy, disabled } = props;
  const shown = value ?? defaultValue;
  return (
    <div
      role="radiogroup"
      aria-label={label}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      className="segmented"
      id={id}
      onKeyDown={onKeyDown}
    >
      {options.map((option) => {
        const optionId = `${id}-${String(option.value).replace(/[^a-zA-Z0-9_-]/g, "_")}`;
        const isDefault = value === undefined && option.value === defaultValue;
        return (
          <label key={String(option.value)} htmlFor={optionId} className={isDefault ? "segment segment-default" : "segment"}>
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
