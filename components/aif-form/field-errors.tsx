// The errors of one field, linked to its input by id for screen readers.
export function errorIdFor(fieldId: string): string {
  return `${fieldId}__error`;
}

export function FieldErrors({ fieldId, errors }: { fieldId: string; errors?: string[] }) {
  if (!errors || errors.length === 0) return null;
  return (
    <ul className="field-errors" id={errorIdFor(fieldId)}>
      {errors.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}
