// When a block of item text is long enough to be shown collapsed first:
// past a screenful it pushes the rest of the item (and the answer) out of view.
export const LONG_TEXT_CHARACTERS = 1_500;
export const LONG_TEXT_LINES = 24;

export function isLongText(text: string): { lines: number } | null {
  const lines = text.split("\n").length;
  return text.length > LONG_TEXT_CHARACTERS || lines > LONG_TEXT_LINES ? { lines } : null;
}
