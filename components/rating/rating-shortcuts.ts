// The rating page's keyboard map, in one place: the dialog lists it and the
// handler dispatches on it. Keys inside one dimension or hazard (scores,
// confidence, verdicts) are handled by that field and listed here too.
import { isInDialog, isTextTarget, takesNoShortcuts } from "@/components/aif-form/dimension-path";
import { stepChangeOf } from "@/components/transcript/step-verdict-keys";
import { stepOf } from "./trace-keys";

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
  | "correct"
  | "trace"
  | "nextStep"
  | "previousStep"
  | "stepVerdict";

export type RatingShortcut = {
  keys: string;
  command: RatingCommand | "field";
  description: string;
  /**
   * "trace": listed only when the item is an agent run the form judges step by step. "expert": acts on parts a
   * share-link visitor's form does not show (confidence, hazards, evidence), so neither listed nor acted on there.
   */
  scope?: "trace" | "expert";
};

export const RATING_SHORTCUTS: RatingShortcut[] = [
  { keys: "1 – 5", command: "field", description: "Score the focused dimension and move on to the next" },
  { keys: "Shift+1 – 5", command: "field", description: "Score it with High confidence and move on", scope: "expert" },
  {
    keys: "h / m / l",
    command: "field",
    description: "Confidence of the focused dimension: High, Medium, Low",
    scope: "expert",
  },
  { keys: "Shift+H", command: "allHigh", description: "Every dimension's confidence High", scope: "expert" },
  {
    keys: "0",
    command: "noHazard",
    description: "No hazard violated (every hazard not yet judged)",
    scope: "expert",
  },
  {
    keys: "1 – 4 (on a hazard)",
    command: "field",
    description:
      "Verdict: not applicable, non-violating, violating, unsure; after violating, 1 – 3 for the severity, then write the evidence",
    scope: "expert",
  },
  {
    keys: "j, then its letter",
    command: "hazard",
    description: "Jump to a hazard: j lists them with a letter each (a – l); the letter focuses that hazard",
    scope: "expert",
  },
  {
    keys: "] or Alt+↓",
    command: "nextDimension",
    description: "Next stop: dimensions, hazards, refusal, tags, the extension",
  },
  { keys: "[ or Alt+↑", command: "previousDimension", description: "Previous stop" },
  {
    keys: "t",
    command: "trace",
    description:
      "To the agent run's steps: the first step not judged yet; on a step, back to where you were in the form",
    scope: "trace",
  },
  {
    keys: "] / [ (on a step)",
    command: "nextStep",
    description: "Next or previous step of the run",
    scope: "trace",
  },
  {
    keys: "1 – 4 (on a step)",
    command: "stepVerdict",
    description:
      "The tool call's verdict: 1 ok (and on to the next step), 2 wrong tool, 3 wrong arguments, 4 unnecessary call; a flaw pressed again is undone",
    scope: "trace",
  },
  { keys: "Del (on a step)", command: "stepVerdict", description: "The tool call not judged", scope: "trace" },
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
    scope: "expert",
  },
  { keys: "g", command: "guidelines", description: "Show or hide the suite's guidelines" },
  { keys: "s", command: "skip", description: "Skip this item, with a reason" },
  { keys: "Ctrl/⌘+Enter", command: "submit", description: "Submit the rating" },
  { keys: "n", command: "next", description: "Open the next item (after submitting)" },
  { keys: "c", command: "correct", description: "Correct the rating just submitted (after submitting)" },
  { keys: "?", command: "help", description: "Show or hide these shortcuts" },
];

export type RatingProfile = "expert" | "end_user";

/** The rows the `?` dialog lists: the step keys only when the item is an agent run, the expert keys only to experts. */
export function ratingShortcuts({
  trace,
  profile = "expert",
}: {
  trace: boolean;
  profile?: RatingProfile;
}): RatingShortcut[] {
  return RATING_SHORTCUTS.filter(
    (shortcut) => (trace || shortcut.scope !== "trace") && (profile === "expert" || shortcut.scope !== "expert"),
  );
}

/** Window-level commands a share-link visitor's form has nothing to act on (hidden confidence, hazards, evidence). */
const EXPERT_COMMANDS = new Set<RatingCommand>(
  RATING_SHORTCUTS.flatMap((shortcut) =>
    shortcut.scope === "expert" && shortcut.command !== "field" ? [shortcut.command] : [],
  ),
);

export function commandActsFor(command: RatingCommand, profile: RatingProfile): boolean {
  return profile === "expert" || !EXPERT_COMMANDS.has(command);
}

/** On a step of the rated run (not in a text field): its own keys, else null. */
function stepCommandOf(event: KeyboardEvent): RatingCommand | null {
  if (event.ctrlKey || event.metaKey || isTextTarget(event.target) || !stepOf(event.target)) return null;
  if (event.altKey) return event.key === "ArrowDown" ? "nextStep" : event.key === "ArrowUp" ? "previousStep" : null;
  if (event.key === "]") return "nextStep";
  if (event.key === "[") return "previousStep";
  if (!event.shiftKey && stepChangeOf(event.key)) return "stepVerdict";
  return null;
}

/**
 * The command a key press means here, or null. Letters, digits and brackets only act outside text fields,
 * and nothing acts while a dialog has the keyboard (its own keys: the skip reasons, Esc closes it).
 */
export function commandOf(event: KeyboardEvent): RatingCommand | null {
  if (isInDialog(event.target)) return null;
  const onStep = stepCommandOf(event);
  if (onStep) return onStep;
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
    case "t":
      return "trace";
    default:
      return null;
  }
}
