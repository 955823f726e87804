// A NUL character (U+0000) cannot be stored (PostgreSQL's text and jsonb refuse
// it), yet a real eval log can hold one in a single sample's prompt or answer.
// For formats that opt in (Inspect logs), each NUL is written as the six
// characters `\u0000` — visible to the rater, storable — and the line gets a
// note naming the field, instead of the sample (or the whole log) being refused.
const NUL = /\u0000/g;
export const ESCAPED_NUL = "\\u0000";

const pointerOf = (path: string, key: string) => `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;

/** The value with every NUL in its strings and keys escaped, and the JSON Pointers of what changed. */
export function escapeNuls(value: unknown, path = "", changed: string[] = []): { value: unknown; changed: string[] } {
  if (typeof value === "string") {
    if (!value.includes("\u0000")) return { value, changed };
    changed.push(path);
    return { value: value.replace(NUL, ESCAPED_NUL), changed };
  }
  if (Array.isArray(value)) {
    return { value: value.map((child, index) => escapeNuls(child, `${path}/${index}`, changed).value), changed };
  }
  if (typeof value === "object" && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const safeKey = key.includes("\u0000") ? key.replace(NUL, ESCAPED_NUL) : key;
      if (safeKey !== key) changed.push(pointerOf(path, safeKey));
      out[safeKey] = escapeNuls(child, pointerOf(path, safeKey), changed).value;
    }
    return { value: out, changed };
  }
  return { value, changed };
}

export const ESCAPED_NUL_NOTE = `held a NUL character (U+0000), which cannot be stored; written as the text ${ESCAPED_NUL}`;
