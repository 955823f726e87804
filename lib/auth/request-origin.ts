// Where a request came from, for the audit log and sign-in throttling. The
// address is the one share-link caps use (lib/http/client-address.ts): the
// socket's, or, with EVALFORM_TRUSTED_PROXY_HOPS set, the hop the outermost
// trusted proxy appended. A client-sent X-Forwarded-For alone is never
// believed, so an attacker cannot pick a fresh address per request to dodge
// the throttle.
import type { RequestOrigin } from "@/lib/audit/service";
import { clientAddress } from "@/lib/http/client-address";

export function requestOrigin(headers: Headers): RequestOrigin {
  return { ipAddress: clientAddress(headers), userAgent: headers.get("user-agent") };
}
