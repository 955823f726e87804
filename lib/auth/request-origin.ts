// Where a request came from, for the audit log and sign-in throttling.
// Next.js fills X-Forwarded-For with the socket's address only when the
// request has none, so the header's last hop is the address seen by the
// nearest proxy (or by Next.js itself). Without a proxy in front, a client can
// send its own header: run behind one that appends the real address (README,
// "Security"); per-account throttling does not depend on it.
import type { RequestOrigin } from "@/lib/audit/service";

export function requestOrigin(headers: Headers): RequestOrigin {
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").map((hop) => hop.trim()).filter(Boolean);
  const ipAddress = hops.at(-1) ?? headers.get("x-real-ip") ?? null;
  return { ipAddress: ipAddress?.replace(/^::ffff:/, "") ?? null, userAgent: headers.get("user-agent") };
}
