// The CSP nonce of the page being rendered (proxy.ts puts the policy on the
// request), for the few inline scripts a page needs.
import "server-only";
import { headers } from "next/headers";

export async function requestNonce(): Promise<string | undefined> {
  const policy = (await headers()).get("content-security-policy");
  return policy?.match(/'nonce-([^']+)'/)?.[1];
}
