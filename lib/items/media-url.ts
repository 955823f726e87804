// Which item media the viewer may show. Items come from outside; a URL on
// another host would make every rater's browser fetch from it (a tracker, a
// leak of who rates what), so media are shown only from this origin or
// embedded as data: of the expected type. Files are links a person chooses to
// open (never fetched by the page). Everything else is named, not loaded.
export type MediaKind = "image" | "audio" | "video" | "file";
export type MediaVerdict = { show: true; url: string } | { show: false; reason: "external" | "unsupported" };

const PLACEHOLDER = /<(image|audio|video|file):(\d+)>/g;

function sameOriginPath(url: string): boolean {
  // "//host" and "/\host" are read by browsers as another host.
  return url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\");
}

export function mediaVerdict(rawUrl: string, kind: MediaKind): MediaVerdict {
  const url = rawUrl.trim();
  if (sameOriginPath(url) && !/[\t\n\r]/.test(url)) return { show: true, url };
  let parsed: URL;
  try {
    // The WHATWG parser is the browser's, so "java\tscript:" is caught as javascript:.
    parsed = new URL(url);
  } catch {
    return { show: false, reason: "unsupported" };
  }
  if (parsed.protocol === "http:" || parsed.protocol === "https:") {
    return kind === "file" ? { show: true, url: parsed.href } : { show: false, reason: "external" };
  }
  // A data: link opened in a tab could be an HTML page; embedded media cannot run script.
  if (parsed.protocol !== "data:" || kind === "file") return { show: false, reason: "unsupported" };
  const comma = parsed.pathname.indexOf(",");
  if (comma < 0) return { show: false, reason: "unsupported" };
  const mediaType = (parsed.pathname.slice(0, comma).split(";")[0] ?? "").trim().toLowerCase();
  return mediaType.startsWith(`${kind}/`) ? { show: true, url: parsed.href } : { show: false, reason: "unsupported" };
}

/** The URL to put in src/href, or null when the medium is named as text only. */
export function showableMediaUrl(url: string, kind: MediaKind): string | null {
  const verdict = mediaVerdict(url, kind);
  return verdict.show ? verdict.url : null;
}

/** Placeholders such as `<image:0>` that sources leave in text where a medium was. */
export function mediaPlaceholders(text: string): { kind: MediaKind; index: number; token: string }[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => ({
    kind: match[1] as MediaKind,
    index: Number(match[2]),
    token: match[0],
  }));
}

export const MEDIA_PLACEHOLDER_PATTERN = PLACEHOLDER;
