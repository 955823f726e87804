// JSON shown to raters as indented text (never as markup).

export function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Tool-call arguments: OpenAI-style sources send them as a JSON string, which reads better parsed. */
export function prettyArguments(value: unknown): string {
  if (typeof value !== "string") return prettyJson(value);
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null ? prettyJson(parsed) : value;
  } catch {
    return value;
  }
}
