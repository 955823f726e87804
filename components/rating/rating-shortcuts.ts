// The rating page's keyboard map, in one place: the dialog lists it and the
// handler dispatches on it.
export type RatingCommand = "submit" | "next" | "nextDimension" | "previousDimension" | "quote" | "help";

export const RATING_SHORTCUTS: { keys: string; command: RatingCommand | "score"; description: string }[] = [
  { keys: "1 – 5", command: "score", description: "Set the focused dimension's score" },
  { keys: "] or Alt+↓", command: "nextDimension", description: "Go to the next dimension" },
  { keys: "[ or Alt+↑", command: "previousDimension", description: "Go to the previous dimension" },
  { keys: "e", command: "quote", description: "Quote the text selected in the transcript into the evidence field you last used" },
  { keys: "Ctrl/⌘+Enter", command: "submit", description: "Submit the rating" },
  { keys: "n", command: "next", description: "Open the next item (after submitting)" },
  { keys: "?", command: "help", description: "Show or hide these shortcuts" },
];

function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !["radio", "checkbox", "button", "submit"].includes(target.type);
}

/** The command a key press means here, or null. Letters and brackets only act outside text fields. */
export function commandOf(event: KeyboardEvent): RatingCommand | null {
  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) return "submit";
  if (event.altKey && event.key === "ArrowDown") return "nextDimension";
  if (event.altKey && event.key === "ArrowUp") return "previousDimension";
  if (event.ctrlKey || event.metaKey || event.altKey || inTextField(event.target)) return null;
  switch (event.key) {
    case "]": return "nextDimension";
    case "[": return "previousDimension";
    case "n": case "N": return "next";
    case "e": case "E": return "quote";
    case "?": return "help";
    default: return null;
  }
}
