// The pair page's keyboard map, listed by its `?` dialog: the verdict, its
// reason, the rubric cells (pair-rubric-grid.tsx) and the page's own keys. A
// page shows the rows that apply to it: Skip on a rater's pair only, the
// guidelines key when the suite has guidelines, and in a verdict-only suite
// Tab leads to the folded, optional scores.
export type PairShortcut = { keys: string; command: "verdict" | "field" | "page"; description: string };

export const PAIR_SHORTCUTS: PairShortcut[] = [
  {
    keys: "1 – 5 or a / b / =",
    command: "verdict",
    description:
      "Your verdict, 1 (Response 1 much better) to 5 (Response 2 much better); a: Response 1 better, b: Response 2 better, =: about the same. The focus moves on to the reason",
  },
  {
    keys: "Esc",
    command: "page",
    description: "Leave the reason or a rationale: back to its verdict or score, so the next keys are shortcuts again",
  },
  { keys: "Tab", command: "page", description: "From the reason on to the rubric; from a rationale to the next cell" },
  {
    keys: "1 – 5 (in the rubric)",
    command: "field",
    description: "Score the cell and move on: to its rationale when one is required, else to the next cell",
  },
  { keys: "Shift+1 – 5 (in the rubric)", command: "field", description: "Score it with High confidence and move on" },
  { keys: "h / m / l (in the rubric)", command: "field", description: "Confidence of the cell: High, Medium, Low" },
  { keys: "g", command: "page", description: "Show or hide the suite's guidelines" },
  { keys: "s", command: "page", description: "Skip this pair, with a reason" },
  { keys: "Ctrl/⌘+Enter", command: "page", description: "Submit (with problems, the focus goes to their list)" },
  { keys: "?", command: "page", description: "Show or hide these shortcuts" },
];

const VERDICT_ONLY_TAB: PairShortcut = {
  keys: "Tab",
  command: "page",
  description:
    "From the reason on to the optional scores (Enter opens them; the verdict and reason alone are enough); from a rationale to the next cell",
};

export function pairShortcuts(options: {
  canSkip: boolean;
  guidelines: boolean;
  verdictOnly: boolean;
}): PairShortcut[] {
  return PAIR_SHORTCUTS.filter(
    (shortcut) => (options.canSkip || shortcut.keys !== "s") && (options.guidelines || shortcut.keys !== "g"),
  ).map((shortcut) => (options.verdictOnly && shortcut.keys === "Tab" ? VERDICT_ONLY_TAB : shortcut));
}
