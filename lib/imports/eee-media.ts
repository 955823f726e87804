// Every Eval Ever `output.media[]` (media_ref: {media_type, uri, additional_details},
// added for text-to-image records upstream) → transcript segments. The
// placeholders `<image:0>` that output.raw holds in their place become the
// medium itself; a medium the browser cannot load (file://, hf://, s3://, or
// another host) is kept as a segment the viewer names, and noted on its line.
import type { Segment } from "@/lib/items/types";
import { MEDIA_PLACEHOLDER_PATTERN, mediaVerdict, type MediaKind } from "@/lib/items/media-url";
import { isPlainObject } from "@/lib/is-plain-object";
import type { LineLog } from "./line-result";

type Medium = { kind: Exclude<MediaKind, "file">; url: string; mimeType?: string };
const KINDS = ["image", "video", "audio"] as const;

function readMedia(value: unknown, log: LineLog): (Medium | null)[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    log.error("/output/media", "type", "output.media must be a list of media references");
    return [];
  }
  return value.map((entry, index) => {
    const field = `/output/media/${index}`;
    if (!isPlainObject(entry)) {
      log.error(field, "type", `output.media[${index}] must be an object with media_type and uri`);
      return null;
    }
    const kind = KINDS.find((known) => known === entry.media_type);
    if (!kind)
      log.error(`${field}/media_type`, "enum", `output.media[${index}].media_type must be image, video or audio`);
    if (typeof entry.uri !== "string" || entry.uri.trim() === "")
      log.error(`${field}/uri`, "required", `output.media[${index}].uri is required`);
    if (!kind || typeof entry.uri !== "string") return null;
    const details = isPlainObject(entry.additional_details) ? entry.additional_details : {};
    const mimeType = typeof details.mime_type === "string" ? details.mime_type : undefined;
    const verdict = mediaVerdict(entry.uri, kind);
    if (!verdict.show) {
      const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(entry.uri.trim())?.[1]?.toLowerCase();
      log.note(
        `${field}/uri`,
        verdict.reason === "external"
          ? `the ${kind} is on another host; kept, but the rating page loads media only from this site or as data: URLs, so the rater sees its address instead`
          : `the ${kind}'s ${scheme ? `${scheme}: ` : ""}URI cannot be loaded by a browser (it points at the exporter's storage); kept, and the rater is told the ${kind} is missing`,
      );
    }
    return { kind, url: entry.uri, ...(mimeType ? { mimeType } : {}) };
  });
}

function segmentOf(medium: Medium): Segment {
  return { type: medium.kind, url: medium.url, ...(medium.mimeType ? { mime_type: medium.mimeType } : {}) };
}

/**
 * The answer's segments: each output.raw part's text, with every placeholder
 * that names a medium replaced by it; media no placeholder names follow at the end.
 */
export function answerSegments(parts: string[], mediaValue: unknown, log: LineLog): Segment[] {
  // Most lines are text alone: no media to place.
  if ((mediaValue === undefined || mediaValue === null) && !parts.some((part) => part.includes("<"))) {
    const text = parts.filter((part) => part.trim() !== "").join("\n");
    return text === "" ? [] : [{ type: "text", text }];
  }
  const media = readMedia(mediaValue, log);
  const used = new Set<number>();
  const segments: Segment[] = [];
  const pushText = (text: string) => {
    if (text.trim() === "") return;
    const last = segments.at(-1);
    if (last?.type === "text") last.text += `\n${text}`;
    else segments.push({ type: "text", text });
  };
  for (const part of parts) {
    let at = 0;
    for (const match of part.matchAll(MEDIA_PLACEHOLDER_PATTERN)) {
      const index = Number(match[2]);
      const medium = media[index];
      if (!medium || medium.kind !== match[1]) continue;
      pushText(part.slice(at, match.index));
      segments.push(segmentOf(medium));
      used.add(index);
      at = match.index + match[0].length;
    }
    pushText(part.slice(at));
  }
  media.forEach((medium, index) => {
    if (medium && !used.has(index)) segments.push(segmentOf(medium));
  });
  return segments;
}
