// Plain-text renderings of an item's parts for a judge prompt: what each
// message said, which tools it called with which arguments, what came back.
import type { Segment, Transcript, TranscriptMessage } from "@/lib/items/types";

export function renderTranscript(transcript: Transcript): string {
  return transcript.messages.map(renderMessage).join("\n\n");
}

function renderMessage(message: TranscriptMessage): string {
  const lines = [`[${message.role}${resultOf(message)}]`];
  if (message.reasoning) lines.push(`(reasoning, not shown to the user) ${message.reasoning}`);
  for (const segment of message.content) lines.push(renderSegment(segment));
  for (const call of message.tool_calls ?? []) {
    const id = call.id ? ` (id: ${call.id})` : "";
    lines.push(`[tool call${id}] ${call.name}(${JSON.stringify(call.arguments ?? {})})`);
  }
  return lines.join("\n");
}

// A tool message answers one or more earlier calls; say which.
function resultOf(message: TranscriptMessage): string {
  const ids = message.tool_call_id === undefined ? [] : [message.tool_call_id].flat();
  return ids.length === 0 ? "" : ` result for ${ids.join(", ")}`;
}

function renderSegment(segment: Segment): string {
  if (segment.type === "text") return segment.text;
  const mime = segment.mime_type ? ` (${segment.mime_type})` : "";
  return `[${segment.type}: ${segment.url}]${mime}`;
}

export function renderDocuments(documents: { id?: string; title?: string; text: string }[]): string {
  return documents
    .map((document, index) => {
      const label = [document.id ?? `doc-${index + 1}`, document.title].filter(Boolean).join(" — ");
      return `[document ${label}]\n${document.text}`;
    })
    .join("\n\n");
}
