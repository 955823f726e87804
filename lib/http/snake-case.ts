// The HTTP API speaks snake_case like the AIF records it carries. Only the top
// level of an app object is renamed: nested AIF and item bodies are already
// snake_case and are passed through untouched.
export function snakeKeys(value: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), entry]),
  );
}
