// Which media URLs the viewer may load or link. Items are imported from
// outside, so only web URLs and inline data of the expected media type pass.
export type MediaKind = "image" | "audio" | "video" | "file";

/** The URL to put in src/href, or null when it must be shown as text only. */
export function safeMediaUrl(url: string, kind: MediaKind): string | null {
  let parsed: URL;
  try {
    // The WHATWG parser is the browser's, so "java\tscript:" is caught as javascript:.
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol === "http:" || parsed.protocol === "https:") return parsed.href;
  // A data: link opened in a tab could be an HTML page; embedded media cannot run script.
  if (parsed.protocol !== "data:" || kind === "file") return null;
  const comma = parsed.pathname.indexOf(",");
  if (comma < 0) return null;
  const mediaType = (parsed.pathname.slice(0, comma).split(";")[0] ?? "").trim().toLowerCase();
  return mediaType.startsWith(`${kind}/`) ? parsed.href : null;
}
