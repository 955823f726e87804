// How long to wait before retrying a judge call: the server's Retry-After when
// it gives one, else exponential backoff with jitter so parallel callers that
// failed together do not retry together.
export const MAX_RETRY_WAIT_MS = 30_000;

/** Statuses worth retrying: rate limits, timeouts, conflicts and server errors. */
export function isTransientStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Milliseconds from a Retry-After header (delta-seconds or HTTP date), capped; undefined if absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === "") return undefined;
  const value = header.trim();
  const ms = /^\d+(\.\d+)?$/.test(value) ? Number(value) * 1000 : Date.parse(value) - now;
  if (Number.isNaN(ms)) return undefined;
  return Math.min(Math.max(0, ms), MAX_RETRY_WAIT_MS);
}

/** Backoff before retry number `retry` (1 = the first retry): base·2^(retry-1), half of it random. */
export function backoffMs(retry: number, baseMs: number, random = Math.random): number {
  const ceiling = Math.min(baseMs * 2 ** (retry - 1), MAX_RETRY_WAIT_MS);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
