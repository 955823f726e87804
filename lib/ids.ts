// Ids the app assigns are UUIDs; a malformed one is answered like an unknown
// one, before it reaches a uuid column (where it would be a database error).
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
