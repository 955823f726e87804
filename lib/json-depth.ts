// Nesting depth of JSON text, found by scanning before parsing: a line or body
// nested thousands of levels deep parses, but then overflows the stack of
// whatever walks it next (serialising, PostgreSQL's jsonb input). Nothing the
// app reads comes near the limit; an AIF record is about six levels deep.
export const MAX_JSON_DEPTH = 100;

/** The character offset where `text` first nests deeper than `maxDepth`, or null. Strings are skipped. */
export function tooDeepAt(text: string, maxDepth = MAX_JSON_DEPTH): number | null {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 92)
        index++; // a backslash escapes the next character
      else if (char === 34) inString = false;
    } else if (char === 34) {
      inString = true;
    } else if (char === 123 || char === 91) {
      depth++;
      if (depth > maxDepth) return index;
    } else if (char === 125 || char === 93) {
      depth--;
    }
  }
  return null;
}

export function tooDeepMessage(at: number, maxDepth = MAX_JSON_DEPTH): string {
  return `nested deeper than ${maxDepth} levels (at character ${at}); flatten the data`;
}
