// Renders nothing: for fields the server assigns and sections that do not apply.
export function OmittedField() {
  return null;
}
