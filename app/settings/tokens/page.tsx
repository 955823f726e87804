// Your API tokens for scripts: create (shown once) and revoke.
import type { Metadata } from "next";
import Link from "next/link";
import { listApiTokens } from "@/lib/auth/api-tokens";
import { requirePageActor } from "@/lib/auth/page-guard";
import { TokensClient } from "./tokens-client";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API tokens" };

export default async function TokensPage() {
  const actor = await requirePageActor({ returnTo: "/settings/tokens", action: "tokens.manage_own" });
  const tokens = await listApiTokens({ actor });
  return (
    <>
      <h1>API tokens</h1>
      <p>
        Scripts send a token as <code>Authorization: Bearer …</code>. A token acts with the roles you give it, never
        more than yours. What it can call: the <Link href="/api-docs">API reference</Link>.
      </p>
      <TokensClient
        ownRoles={actor.roles}
        tokens={tokens.map((token) => ({
          id: token.id,
          name: token.name,
          prefix: token.prefix,
          roles: token.roles,
          createdAt: token.createdAt.toISOString(),
          lastUsedAt: token.lastUsedAt?.toISOString() ?? null,
          revokedAt: token.revokedAt?.toISOString() ?? null,
        }))}
      />
    </>
  );
}
