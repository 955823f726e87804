// The visitor id of a share-link rater lives in an httpOnly cookie, issued and
// signed by the server: `<uuid>.<HMAC-SHA256>` keyed from the session secret.
// An unsigned or forged id is ignored (the visitor gets a new one), so nobody
// picks their own ids; the per-link caps (service.ts) bound what a visitor who
// drops their cookie to get fresh ids can take.
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv, requireAuthSecret } from "@/lib/env";
import { isUuid } from "@/lib/ids";
import { VISITOR_COOKIE } from "./service";

const signatureOf = (visitorId: string) =>
  createHmac("sha256", requireAuthSecret()).update(`evalform visitor id\0${visitorId}`).digest("base64url");

/** The cookie value for a visitor id the server issued. */
export function signedVisitorId(visitorId: string): string {
  return `${visitorId}.${signatureOf(visitorId)}`;
}

/** The visitor id in a signed cookie value, or null when it is missing, unsigned or forged. */
export function verifiedVisitorId(value: string | null | undefined): string | null {
  if (!value) return null;
  const dot = value.indexOf(".");
  const visitorId = value.slice(0, dot);
  if (dot < 0 || !isUuid(visitorId)) return null;
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signatureOf(visitorId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? visitorId : null;
}

export function visitorIdFrom(headers: Headers): string | null {
  const cookie = headers.get("cookie") ?? "";
  const match = cookie.split(/;\s*/).find((part) => part.startsWith(`${VISITOR_COOKIE}=`));
  if (!match) return null;
  try {
    return verifiedVisitorId(decodeURIComponent(match.slice(VISITOR_COOKIE.length + 1)));
  } catch {
    return null;
  }
}

export function visitorCookie(visitorId: string): string {
  const secure = getEnv().EVALFORM_BASE_URL?.startsWith("https:") ? "; Secure" : "";
  return `${VISITOR_COOKIE}=${encodeURIComponent(signedVisitorId(visitorId))}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000${secure}`;
}
