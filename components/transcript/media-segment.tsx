// An image, audio, video or file segment; any URL that safeMediaUrl refuses is shown as inert text.
import type { Segment } from "@/lib/items/types";
import { safeMediaUrl } from "./safe-media-url";
import styles from "./transcript.module.css";

export type MediaSegmentValue = Exclude<Segment, { type: "text" }>;

const SHOWN_URL_LENGTH = 200;

function shortened(url: string): string {
  return url.length > SHOWN_URL_LENGTH ? `${url.slice(0, SHOWN_URL_LENGTH)}…` : url;
}

function fileNameOf(url: string): string {
  const last = new URL(url).pathname.split("/").filter(Boolean).pop();
  if (!last) return shortened(url);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** `label` names the segment for screen readers, e.g. "image 2 of message 3". */
export function MediaSegment({ segment, label }: { segment: MediaSegmentValue; label: string }) {
  const url = safeMediaUrl(segment.url, segment.type);
  if (url === null) return <p className={styles.unsupported}>unsupported link: {shortened(segment.url)}</p>;
  switch (segment.type) {
    case "image":
      // next/image needs every remote host configured up front; item images come from anywhere.
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
