// The API's JSON is snake_case at every depth; the lib's objects are camelCase.
// Dates become ISO strings on the way out as with any JSON answer.

export function deepSnakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(deepSnakeKeys);
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [
      key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
      deepSnakeKeys(entry),
    ]),
  );
}
