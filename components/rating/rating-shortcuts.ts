// The rating page's keyboard map, in one place: the dialog lists it and the
// handler dispatches on it. Keys inside one dimension or hazard (scores,
// confidence, verdicts) are handled by that field and listed here too.
import { isInDialog, isTextTarget, takesNoShortcuts } from "@/components/aif-form/dimension-path";

export type RatingCommand =
  | "submit"
  | "next"
  | "nextDimension"
  | "previousDimension"
  | "quote"
  | "help"
  | "allHigh"
  | "noHazard"
  | "rationale"
  | "leaveText"
  | "hazard"
  | "skip"
  | "guidelines"
  | "correct";

export const RATING_SHORTCUTS: { keys: string; command: RatingCommand | "field"; description: string }[] = [
  { keys: "1 – 5", command: "field", description: "Score the focused dimension and move on to the next" },
  { keys: "Shift+1 – 5", command: "field", description: "Score it with High confidence and move on" },
  { keys: "h / m / l", command: "field", description: "Confidence of the focused dimension: High, Medium, Low" },
  { keys: "Shift+H", command: "allHigh", description: "Every dimension's confidence High" },
  { keys: "0", command: "noHazard", description: "No hazard violated (every hazard not yet judged)" },
  {
    keys: "1 – 4 (on a hazard)",
    command: "field",
    description:
      "Verdict: not applicable, non-violating, violating, unsure; after violating, 1 – 3 for the severity, then write the evidence",
  },
  {
    keys: "j, then its letter",
    command: "hazard",
    description: "Jump to a hazard: j lists them with a letter each (a – l); the letter focuses that hazard",
  },
  {
    keys: "] or Alt+↓",
    command: "nextDimension",
    description: "Next stop: dimensions, hazards, refusal, tags, the extension",
  },
  { keys: "[ or Alt+↑", command: "previousDimension", description: "Previous stop" },
  {
    keys: "r",
    command: "rationale",
    description: "Write the focused stop's text: a dimension's rationale, a hazard's evidence, a text or number field",
  },
  {
    keys: "Esc",
    command: "leaveText",
    description: "Leave the text you are writing: back to its stop, so the next keys are shortcuts again",
  },
  {
    keys: "e",
    command: "quote",
    description: "Quote the text selected in the item into the evidence field you last used",
  },
  { keys: "g", command: "guidelines", description: "Show or hide the suite's guidelines" },
  { keys: "s", command: "skip", description: "Skip this item, with a reason" },
  { keys: "Ctrl/⌘+Enter", command: "submit", description: "Submit the rating" },
  { keys: "n", command: "next", description: "Open the next item (after submitting)" },
  { keys: "c", command: "correct", description: "Correct the rating just submitted (after submitting)" },
  { keys: "?", command: "help", description: "Show or hide these shortcuts" },
];

/**
 * The command a key press means here, or null. Letters, digits and brackets only act outside text fields,
 * and nothing acts while a dialog has the keyboard (its own keys: the skip reasons, Esc closes it).
 */
export function commandOf(event: KeyboardEvent): RatingCommand | null {
  if (isInDialog(event.target)) return null;
  if (event.key === "Escape") return isTextTarget(event.target) ? "leaveText" : null;
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) return "submit";
  if (event.altKey && event.key === "ArrowDown") return "nextDimension";
  if (event.altKey && event.key === "ArrowUp") return "previousDimension";
  if (event.ctrlKey || event.metaKey || event.altKey || takesNoShortcuts(event.target)) return null;
  if (event.key === "?") return "help";
  if (event.shiftKey) return event.key === "H" ? "allHigh" : null;
  switch (event.key) {
    case "]":
      return "nextDimension";
    case "[":
      return "previousDimension";
    case "0":
      return "noHazard";
    case "n":
      return "next";
    case "e":
      return "quote";
    case "r":
      return "rationale";
    case "j":
      return "hazard";
    case "s":
      return "skip";
    case "g":
      return "guidelines";
    case "c":
      return "correct";
    default:
      return null;
  }
}
