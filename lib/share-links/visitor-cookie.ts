// The visitor id of a share-link rater lives in an httpOnly cookie: random,
// not a secret of anyone else, and enough to keep "one rating per item per visitor".
import "server-only";
import { getEnv } from "@/lib/env";
import { VISITOR_COOKIE } from "./service";

export function visitorIdFrom(headers: Headers): string | null {
  const cookie = headers.get("cookie") ?? "";
  const match = cookie.split(/;\s*/).find((part) => part.startsWith(`${VISITOR_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(VISITOR_COOKIE.length + 1)) : null;
}

export function visitorCookie(visitorId: string): string {
  const secure = getEnv().EVALFORM_BASE_URL?.startsWith("https:") ? "; Secure" : "";
  return `${VISITOR_COOKIE}=${encodeURIComponent(visitorId)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000${secure}`;
}
