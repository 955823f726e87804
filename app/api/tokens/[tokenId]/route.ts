// DELETE /api/tokens/:id: revoke one of your tokens (another's answers 404).
import { revokeApiToken } from "@/lib/auth/api-tokens";
import { defineRoute } from "@/lib/http/define-route";

export const DELETE = defineRoute(
  {
    method: "DELETE",
    path: "/api/tokens/{tokenId}",
    id: "revokeToken",
    tag: "Users and tokens",
    access: "tokens.manage_own",
    summary: "Revoke one of your tokens",
    responses: { 204: { description: "Revoked." } },
    errors: [404],
  },
  async ({ actor, origin, params }) => {
    await revokeApiToken({ actor, origin, tokenId: params.tokenId });
    return new Response(null, { status: 204 });
  },
);
