// A labelled input with its error, for the react-hook-form forms.
import type { InputHTMLAttributes } from "react";
import { forwardRef } from "react";

type Props = InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string };

export const FormField = forwardRef<HTMLInputElement, Props>(function FormField({ id, label, error, ...input }, ref) {
  return (
    <div className="form-group">
      <label htmlFor={id} className="control-label">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        className="form-control"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}__error` : undefined}
        {...input}
      />
      {error ? (
        <p className="field-errors" id={`${id}__error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
});
