// DELETE /api/tokens/:id: revoke one of your tokens (another's answers 404).
import { revokeApiToken } from "@/lib/auth/api-tokens";
import { withActor } from "@/lib/http/api-handler";

export async function DELETE(request: Request, context: { params: Promise<{ tokenId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const { tokenId } = await context.params;
    await revokeApiToken({ actor, origin, tokenId });
    return new Response(null, { status: 204 });
  });
}
