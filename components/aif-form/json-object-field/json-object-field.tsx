// A free-form JSON object (task.calibration_target) edited as JSON text. Text
// that does not parse stays in the box with a message and is not committed.
import type { FieldProps } from "@rjsf/utils";
import { useState } from "react";
import { errorIdFor, FieldErrors } from "../field-errors";
import { titleOf } from "../title-of";

function toText(value: unknown): string {
  return value === undefined || value === null ? "" : JSON.stringify(value, null, 2);
}

export function JsonObjectField(props: FieldProps<Record<string, unknown> | null>) {
  const { fieldPathId, formData, onChange, errorSchema, disabled, readonly } = props;
  const id = fieldPathId.$id;
  const [text, setText] = useState(() => toText(formData));
  const [parseError, setParseError] = useState<string | null>(null);
  const commit = () => {
    if (text.trim() === "") {
      setParseError(null);
      onChange(undefined, fieldPathId.path);
      return;
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
        throw new Error("must be a JSON object");
      setParseError(null);
      onChange(parsed as Record<string, unknown>, fieldPathId.path);
    } catch (error) {
      setParseError(error instanceof SyntaxError ? `not valid JSON: ${error.message}` : (error as Error).message);
    }
  };
  const errors = [...(parseError ? [parseError] : []), ...((errorSchema?.__errors as string[] | undefined) ?? [])];
  return (
    <div className="form-group">
      <label htmlFor={id} className="control-label">
        {titleOf(props)}
      </label>
      <textarea
        id={id}
        className="form-control mono"
        rows={3}
        value={text}
        disabled={disabled}
        readOnly={readonly}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length > 0 ? errorIdFor(id) : undefined}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
      />
      <FieldErrors fieldId={id} errors={errors} />
    </div>
  );
}
