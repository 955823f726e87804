// An image, audio, video or file segment. Only media lib/items/media-url.ts
// lets through are loaded; any other is named as inert text with the reason.
import type { Segment } from "@/lib/items/types";
import { mediaVerdict } from "@/lib/items/media-url";
import styles from "./transcript.module.css";

export type MediaSegmentValue = Exclude<Segment, { type: "text" }>;

const SHOWN_URL_LENGTH = 200;

function shortened(url: string): string {
  return url.length > SHOWN_URL_LENGTH ? `${url.slice(0, SHOWN_URL_LENGTH)}…` : url;
}

function fileNameOf(url: string): string {
  const last = new URL(url, "http://same-origin.invalid").pathname.split("/").filter(Boolean).pop();
  if (!last) return shortened(url);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** `label` names the segment for screen readers, e.g. "image 2 of message 3". */
export function MediaSegment({ segment, label }: { segment: MediaSegmentValue; label: string }) {
  const verdict = mediaVerdict(segment.url, segment.type);
  if (!verdict.show) {
    const why = verdict.reason === "external" ? "on another host, not loaded" : "unsupported link";
    return (
      <p className={styles.unsupported} data-media-not-shown="">
        {segment.type} not shown ({why}): {shortened(segment.url)}
      </p>
    );
  }
  const url = verdict.url;
  switch (segment.type) {
    case "image":
      // next/image needs every remote host configured up front; item images are same-origin or data: here.
      // eslint-disable-next-line @next/next/no-img-element
      return <img className={styles.media} src={url} alt={label} loading="lazy" />;
    case "audio":
      return <audio className={styles.media} controls preload="metadata" src={url} aria-label={label} />;
    case "video":
      return <video className={styles.media} controls preload="metadata" src={url} aria-label={label} />;
    case "file":
      return (
        <p className={styles.text}>
          <a href={url} rel="noopener noreferrer nofollow" target="_blank">
            {fileNameOf(url)}
            <span className="visually-hidden"> ({label}, opens in a new tab)</span>
          </a>
        </p>
      );
  }
}
