// The address a request came from, for limits a client must not dodge. Next.js
// keeps a client-sent X-Forwarded-For as it is, so the header alone is the
// client's word. The server stamps the socket's address on every request
// (installPeerAddressStamp, from instrumentation.ts); X-Forwarded-For is read
// only when EVALFORM_TRUSTED_PROXY_HOPS says how many proxies in front of us
// append to it: the client is the hop the outermost trusted proxy appended.
import { getEnv } from "@/lib/env";

/** Set by the server from the socket, overwriting any value a client sent. */
export const PEER_ADDRESS_HEADER = "x-evalform-peer-address";

const normalise = (address: string | null | undefined) =>
  address ? address.trim().replace(/^::ffff:/, "") || null : null;

export function clientAddress(headers: Headers, trustedHops = getEnv().EVALFORM_TRUSTED_PROXY_HOPS): string | null {
  const peer = normalise(headers.get(PEER_ADDRESS_HEADER));
  if (trustedHops <= 0) return peer;
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  // Fewer hops than trusted proxies: the request skipped a proxy; the nearest address is all we know.
  return normalise(hops.at(-trustedHops)) ?? peer;
}
