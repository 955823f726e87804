// The data attributes that let a selection in the viewer be traced back to the
// item field it came from (read by selection-anchor.ts).

/** Where a text block's text lives in the item. */
export type TextPart =
  "prompt" | "content" | "reasoning" | "tool_call" | "tool_result" | "reference" | "context" | "option";

export const PART_ATTRIBUTE = "data-part";
export const SEGMENT_ATTRIBUTE = "data-segment-index";
export const MESSAGE_ATTRIBUTE = "data-message-index";
export const ROLE_ATTRIBUTE = "data-role";
/** Names the item field a message belongs to: "transcript" or "reference_trajectory". */
export const TRANSCRIPT_ATTRIBUTE = "data-transcript";
export const TRANSCRIPT_ROOT_ATTRIBUTE = "data-transcript-root";

export function blockAttributes(part: TextPart, segmentIndex: number | null) {
  return { [PART_ATTRIBUTE]: part, [SEGMENT_ATTRIBUTE]: segmentIndex ?? undefined };
}

export function messageAttributes(field: string, index: number, role: string) {
  return { [TRANSCRIPT_ATTRIBUTE]: field, [MESSAGE_ATTRIBUTE]: index, [ROLE_ATTRIBUTE]: role };
}

export function transcriptRootAttributes(field: string) {
  return { [TRANSCRIPT_ROOT_ATTRIBUTE]: "", [TRANSCRIPT_ATTRIBUTE]: field };
}
