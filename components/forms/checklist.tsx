// A fieldset of checkboxes, one per choice (raters, SMEs, imports), with its
// help and its error, for the react-hook-form forms: `register` is the
// registration of the field holding the chosen ids.
import type { UseFormRegisterReturn } from "react-hook-form";

export type Choice = { id: string; label: string };

type Props = {
  legend: string;
  /** The field's name: the error's id is `<name>__error`. */
  name: string;
  choices: readonly Choice[];
  register: UseFormRegisterReturn;
  help?: string;
  error?: string;
  /** Said when there is nothing to choose. */
  empty?: string;
  disabled?: boolean;
};

export function Checklist({ legend, name, choices, register, help, error, empty, disabled }: Props) {
  return (
    <fieldset
      className="form-group"
      aria-describedby={error ? `${name}__error` : undefined}
      disabled={disabled}
      data-testid={`checklist-${name}`}
    >
      <legend className="control-label">{legend}</legend>
      {help ? <p className="help-block">{help}</p> : null}
      {choices.length === 0 ? <p className="help-block">{empty ?? "None available."}</p> : null}
      {choices.map((choice) => (
        <label key={choice.id} className="checkbox-line">
          <input type="checkbox" value={choice.id} {...register} /> {choice.label}
        </label>
      ))}
      {error ? (
        <p className="field-errors" id={`${name}__error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
