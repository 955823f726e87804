// DELETE /api/share-links/:id: revoke a share link (admin); its visitors can no longer rate.
import { defineRoute } from "@/lib/http/define-route";
import { revokeShareLink } from "@/lib/share-links/service";

export const DELETE = defineRoute(
  {
    method: "DELETE",
    path: "/api/share-links/{linkId}",
    id: "revokeShareLink",
    tag: "Suites",
    access: "suites.manage",
    summary: "Revoke a share link",
    responses: { 204: { description: "Revoked; its visitors can no longer rate." } },
    errors: [404],
  },
  async ({ actor, origin, params }) => {
    await revokeShareLink({ actor, origin, linkId: params.linkId });
    return new Response(null, { status: 204 });
  },
);
