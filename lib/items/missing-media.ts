// Media an item refers to but the viewer cannot show: placeholders left in
// text (`<image:0>`, the media dropped by the source format) and media
// segments whose URL is not showable. Counted once here for the import report
// and for the notice on the rating page.
import type { Item, Transcript } from "./types";
import { mediaPlaceholders, mediaVerdict, type MediaKind } from "./media-url";

export type MissingMedia = { kind: MediaKind; where: string; why: string };

function transcriptMedia(transcript: Transcript, field: string): MissingMedia[] {
  return transcript.messages.flatMap((message, messageIndex) =>
    message.content.flatMap((segment, segmentIndex): MissingMedia[] => {
      const where = `/${field}/messages/${messageIndex}/content/${segmentIndex}`;
      if (segment.type === "text") {
        return mediaPlaceholders(segment.text).map((found) => ({
          kind: found.kind,
          where,
          why: `the text holds ${found.token} but the item carries no ${found.kind} for it`,
        }));
      }
      const verdict = mediaVerdict(segment.url, segment.type);
      if (verdict.show) return [];
      return [
        {
          kind: segment.type,
          where,
          why:
            verdict.reason === "external"
              ? "its URL is on another host, which the viewer never loads"
              : "its URL is not a web, same-origin or matching data: URL",
        },
      ];
    }),
  );
}

export function missingMedia(item: Item): MissingMedia[] {
  const fromPrompt = mediaPlaceholders(item.task.prompt).map((found): MissingMedia => ({
    kind: found.kind,
    where: "/task/prompt",
    why: `the text holds ${found.token} but the item carries no ${found.kind} for it`,
  }));
  const inTranscript = transcriptMedia(item.transcript, "transcript");
  // A prompt repeated as a message holds the same placeholders; count them once.
  const seen = new Set(inTranscript.map((media) => media.why));
  return [...fromPrompt.filter((media) => !seen.has(media.why)), ...inTranscript];
}

const plural = (count: number, kind: string) => `${count} ${kind}${count === 1 ? "" : "s"}`;

/** "2 images and 1 audio", for the notice and the import report. */
export function describeMissing(media: MissingMedia[]): string {
  const counts = new Map<MediaKind, number>();
  for (const entry of media) counts.set(entry.kind, (counts.get(entry.kind) ?? 0) + 1);
  const parts = [...counts].map(([kind, count]) => plural(count, kind === "audio" ? "audio clip" : kind));
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}
