// DELETE /api/share-links/:id: revoke a share link (admin); its visitors can no longer rate.
import { withActor } from "@/lib/http/api-handler";
import { revokeShareLink } from "@/lib/share-links/service";

export async function DELETE(request: Request, context: { params: Promise<{ linkId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    await revokeShareLink({ actor, origin, linkId: (await context.params).linkId });
    return new Response(null, { status: 204 });
  });
}
