// The pair's verdict as the rater chooses it: the schema's five vs_reference
// levels seen from Response 1's side, shown from "Response 1 much better" to
// "Response 2 much better", with their keys (1–5, and A/B/= for the usual three).
import { PREFERENCE_LEVELS, preferenceRank, type Preference } from "@/lib/pairwise/preference";

export type PreferenceOption = { value: Preference; label: string; key: string };

function labelOf(level: Preference): string {
  const rank = preferenceRank(level);
  const middle = (PREFERENCE_LEVELS.length + 1) / 2;
  if (rank === middle) return "About the same";
  const winner = rank > middle ? "Response 1" : "Response 2";
  const strong = rank === 1 || rank === PREFERENCE_LEVELS.length;
  return `${winner} ${strong ? "much better" : "better"}`;
}

/** Best for Response 1 first: the order on screen and of the keys 1–5. */
export const PREFERENCE_OPTIONS: readonly PreferenceOption[] = [...PREFERENCE_LEVELS]
  .reverse()
  .map((value, index) => ({ value, label: labelOf(value), key: String(index + 1) }));

const middleLevel = PREFERENCE_LEVELS[(PREFERENCE_LEVELS.length - 1) / 2]!;
/** A: Response 1 better; B: Response 2 better; =: about the same. */
const LETTER_KEYS: Record<string, Preference> = {
  a: PREFERENCE_LEVELS[PREFERENCE_LEVELS.length - 2]!,
  b: PREFERENCE_LEVELS[1]!,
  "=": middleLevel,
};

/** The level a key chooses (1–5, A, B, =), or null. */
export function preferenceOfKey(key: string): Preference | null {
  const byDigit = PREFERENCE_OPTIONS.find((option) => option.key === key);
  return byDigit?.value ?? LETTER_KEYS[key.toLowerCase()] ?? null;
}
