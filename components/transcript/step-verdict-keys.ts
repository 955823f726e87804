// The keys that judge the focused step of an agent run: one source for the
// step's buttons, the key handler and the `?` dialog.
import type { VerdictChange } from "@/lib/aif/tool-call-verdicts";

export const STEP_VERDICT_KEYS: { key: string; change: VerdictChange }[] = [
  { key: "1", change: "ok" },
  { key: "2", change: "wrong_tool" },
  { key: "3", change: "wrong_arguments" },
  { key: "4", change: "redundant" },
  { key: "Delete", change: "clear" },
];

/** The change a key makes on a step, or null (Backspace clears too, as on a Mac keyboard's Delete). */
export function stepChangeOf(key: string): VerdictChange | null {
  if (key === "Backspace") return "clear";
  return STEP_VERDICT_KEYS.find((entry) => entry.key === key)?.change ?? null;
}
