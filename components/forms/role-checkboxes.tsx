// The three roles as checkboxes, for invitations, role edits and tokens.
import type { UseFormRegisterReturn } from "react-hook-form";

const ROLE_LABELS = { rater: "Rater", sme: "SME", admin: "Admin" } as const;

export function RoleCheckboxes({
  idPrefix,
  legend,
  register,
  roles,
  error,
  legendHidden = false,
}: {
  idPrefix: string;
  legend: string;
  /** In a table row the row names the user: the legend is for screen readers only. */
  legendHidden?: boolean;
  register: UseFormRegisterReturn;
  roles: readonly (keyof typeof ROLE_LABELS)[];
  error?: string;
}) {
  return (
    <fieldset className="form-group" aria-describedby={error ? `${idPrefix}__error` : undefined}>
      <legend className={legendHidden ? "visually-hidden" : "control-label"}>{legend}</legend>
      {roles.map((role) => (
        <label key={role} className="checkbox-inline" htmlFor={`${idPrefix}-${role}`}>
          <input type="checkbox" id={`${idPrefix}-${role}`} value={role} {...register} /> {ROLE_LABELS[role]}
        </label>
      ))}
      {error ? (
        <p className="field-errors" id={`${idPrefix}__error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
