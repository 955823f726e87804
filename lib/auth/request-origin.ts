// Where a request came from, for the audit log and sign-in throttling.
// Next.js puts the socket's address in X-Forwarded-For; a client-sent value
// comes before it. Only behind a proxy we run (EVALFORM_TRUST_PROXY) is the
// first hop the client; otherwise the last hop is the one Next.js saw.
import { getEnv } from "@/lib/env";
import type { RequestOrigin } from "@/lib/audit/service";

export function requestOrigin(headers: Headers): RequestOrigin {
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").map((hop) => hop.trim()).filter(Boolean);
  const trustProxy = getEnv().EVALFORM_TRUST_PROXY === "true";
  const ipAddress = (trustProxy ? hops[0] : hops.at(-1)) ?? headers.get("x-real-ip") ?? null;
  return { ipAddress, userAgent: headers.get("user-agent") };
}
