// What the viewer needs to know about messages: their kind, their text, and
// which of them holds the prompt or the final answer.
import type { Transcript, TranscriptMessage } from "@/lib/items/types";

export type RoleKind = "user" | "assistant" | "system" | "tool" | "other";

// Sources name roles their own way; the kind only picks a badge colour, the name is shown as is.
const ROLE_KINDS: Record<string, RoleKind> = {
  user: "user",
  human: "user",
  assistant: "assistant",
  model: "assistant",
  ai: "assistant",
  bot: "assistant",
  system: "system",
  developer: "system",
  tool: "tool",
  function: "tool",
  ipython: "tool",
};

export function roleKind(role: string): RoleKind {
  return ROLE_KINDS[role.trim().toLowerCase()] ?? "other";
}

export function isToolResult(message: TranscriptMessage): boolean {
  return roleKind(message.role) === "tool" || message.tool_call_id !== undefined;
}

export function toolResultTitle(message: TranscriptMessage): string {
  const ids = (typeof message.tool_call_id === "string" ? [message.tool_call_id] : (message.tool_call_id ?? [])).filter(
    (id) => id !== "",
  );
  if (ids.length === 0) return "Tool result";
  return `Tool result (for ${ids.length === 1 ? "call" : "calls"} ${ids.join(", ")})`;
}

export function textOf(message: TranscriptMessage): string {
  return message.content.flatMap((segment) => (segment.type === "text" ? [segment.text] : [])).join("\n");
}

const normalized = (text: string) => text.replace(/\s+/g, " ").trim();

/** True when the first message after any system messages is the user asking the prompt itself. */
export function transcriptRepeatsPrompt(transcript: Transcript, prompt: string): boolean {
  const first = transcript.messages.find((message) => roleKind(message.role) !== "system");
  return first !== undefined && roleKind(first.role) === "user" && normalized(textOf(first)) === normalized(prompt);
}

/** The last assistant message that says something in text (agents end with tool calls too). */
export function finalAnswerIndex(transcript: Transcript): number | null {
  for (let index = transcript.messages.length - 1; index >= 0; index -= 1) {
    const message = transcript.messages[index];
    if (message && roleKind(message.role) === "assistant" && textOf(message).trim() !== "") return index;
  }
  return null;
}
