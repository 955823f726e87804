// Headers every answer of the app carries, set in the two shared places that
// see every page (proxy.ts) and every API answer (observeRequest).
import { isDevelopment } from "@/lib/env";

/** What may keep a copy: nothing, for the API (answers are per user, and tokens and records pass through it). */
export const NO_STORE = "no-store";

// Two years, the HSTS preload list's floor.
const HSTS_MAX_AGE_SECONDS = 63_072_000;

/**
 * Strict-Transport-Security when users reach the app over https: browsers then
 * never send a request (or the session cookie's first request) over plain http.
 * Never under http, where it would be ignored, nor in development.
 */
export function strictTransportSecurity(baseUrl: string): string | null {
  if (isDevelopment() || !baseUrl.toLowerCase().startsWith("https://")) return null;
  return `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;
}

/** Cache-Control for an API answer: `no-store`, keeping a stricter value the handler set (`no-store, no-transform`). */
export function apiCacheControl(current: string | null): string {
  return current && /(^|,)\s*no-store\s*(,|$)/i.test(current) ? current : NO_STORE;
}
