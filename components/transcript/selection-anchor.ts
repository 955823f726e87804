// Turns a DOM selection in the viewer into a quote plus the item field it came
// from, and finds that place again. Reads the data attributes of anchor-attributes.ts.
import {
  MESSAGE_ATTRIBUTE,
  PART_ATTRIBUTE,
  ROLE_ATTRIBUTE,
  SEGMENT_ATTRIBUTE,
  TRANSCRIPT_ATTRIBUTE,
} from "./anchor-attributes";

export type SelectionAnchor = {
  quote: string;
  messageIndex: number | null;
  part: string;
  segmentIndex: number | null;
  /** UTF-16 offsets of the trimmed quote in the first text block it touches (`text.slice(start, end)`). */
  start: number;
  end: number;
  /** "transcript" or "reference_trajectory"; null outside a transcript (prompt, reference, context, options). */
  transcript: string | null;
  role: string | null;
};

/** What locates a text block; anchors stored without `transcript` or `role` still resolve. */
export type AnchorLocation = Pick<SelectionAnchor, "messageIndex" | "part" | "segmentIndex"> &
  Partial<Pick<SelectionAnchor, "transcript" | "role">>;

// Range constants spelled out: the global `Range` does not exist outside a browser.
const START_TO_START = 0;
const END_TO_END = 2;

type Piece = { block: Element; text: string; start: number };

function numberAttribute(element: Element | null, name: string): number | null {
  const value = element?.getAttribute(name);
  return value === null || value === undefined || value === "" ? null : Number(value);
}

function locationOf(block: Element, root: Element): Omit<SelectionAnchor, "quote" | "start" | "end"> {
  const found = block.closest(`[${MESSAGE_ATTRIBUTE}]`);
  const message = found && root.contains(found) ? found : null;
  return {
    messageIndex: numberAttribute(message, MESSAGE_ATTRIBUTE),
    role: message?.getAttribute(ROLE_ATTRIBUTE) ?? null,
    part: block.getAttribute(PART_ATTRIBUTE) ?? "",
    segmentIndex: numberAttribute(block, SEGMENT_ATTRIBUTE),
    transcript: block.closest(`[${TRANSCRIPT_ATTRIBUTE}]`)?.getAttribute(TRANSCRIPT_ATTRIBUTE) ?? null,
  };
}

/** The part of `range` inside `block`, and where it starts in the block's text. */
function pieceOf(range: Range, block: Element): Piece | null {
  const piece = block.ownerDocument.createRange();
  piece.selectNodeContents(block);
  if (range.compareBoundaryPoints(START_TO_START, piece) > 0) piece.setStart(range.startContainer, range.startOffset);
  if (range.compareBoundaryPoints(END_TO_END, piece) < 0) piece.setEnd(range.endContainer, range.endOffset);
  const text = piece.toString();
  if (text.trim() === "") return null;
  const before = block.ownerDocument.createRange();
  before.selectNodeContents(block);
  before.setEnd(piece.startContainer, piece.startOffset);
  return { block, text, start: before.toString().length };
}

/**
 * The quote and its place, or null when nothing is selected or the selection
 * touches no text block inside `root`. A selection across several blocks is
 * anchored in the first; its quote joins the text of all of them, so it is
 * longer than `end - start`. Text hidden in a closed <details> is left out.
 */
export function anchorOfSelection(selection: Selection, root: Element): SelectionAnchor | null {
  if (selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (!range.intersectsNode(root)) return null;
  const pieces: Piece[] = [];
  for (const block of root.querySelectorAll(`[${PART_ATTRIBUTE}]`)) {
    if (!range.intersectsNode(block) || block.closest("details:not([open])")) continue;
    const piece = pieceOf(range, block);
    if (piece) pieces.push(piece);
  }
  const first = pieces[0];
  if (!first) return null;
  const start = first.start + (first.text.length - first.text.trimStart().length);
  const end = first.start + first.text.trimEnd().length;
  const quote = pieces
    .map((piece) => piece.text)
    .join("\n\n")
    .trim();
  return { quote, start, end, ...locationOf(first.block, root) };
}

const PART_NAMES: Record<string, string> = {
  prompt: "prompt",
  content: "content",
  reasoning: "reasoning",
  tool_call: "tool call",
  tool_result: "tool result",
  reference: "reference answer",
  context: "context document",
  option: "option",
};
// Parts that are one of a list, so their number says which.
const LISTED_PARTS = new Set(["tool_call", "context", "option"]);

/** A short place name for people, e.g. "message 3 (assistant), reasoning"; numbers are 1-based as shown on screen. */
export function describeAnchor(anchor: AnchorLocation): string {
  const name = PART_NAMES[anchor.part] ?? anchor.part;
  const segment = anchor.segmentIndex;
  const numbered =
    segment === null
      ? name
      : LISTED_PARTS.has(anchor.part)
        ? `${name} ${segment + 1}`
        : segment > 0
          ? `${name} (segment ${segment + 1})`
          : name;
  if (anchor.messageIndex === null) return numbered;
  const where = anchor.transcript === "reference_trajectory" ? "reference trajectory message" : "message";
  const role = anchor.role ? ` (${anchor.role})` : "";
  return `${where} ${anchor.messageIndex + 1}${role}, ${numbered}`;
}

/** The text block an anchor points at (else its message), to scroll to and highlight. */
export function findAnchorElement(root: Element, anchor: AnchorLocation): Element | null {
  let message: Element | null = null;
  for (const block of root.querySelectorAll(`[${PART_ATTRIBUTE}]`)) {
    const at = locationOf(block, root);
    if (at.messageIndex !== anchor.messageIndex) continue;
    if (anchor.transcript !== undefined && at.transcript !== anchor.transcript) continue;
    if (at.part === anchor.part && at.segmentIndex === anchor.segmentIndex) return block;
    message ??= anchor.messageIndex === null ? null : block.closest(`[${MESSAGE_ATTRIBUTE}]`);
  }
  return message;
}

/** Opens every closed <details> around an element, so a quote from reasoning or a tool call can be shown. */
export function revealAnchorElement(element: Element): void {
  for (let details = element.closest("details"); details; details = details.parentElement?.closest("details") ?? null) {
    details.setAttribute("open", "");
  }
}
