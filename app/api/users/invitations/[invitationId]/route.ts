// DELETE /api/users/invitations/:id (admin): revoke a pending invitation; its link is refused from now on.
import { defineRoute } from "@/lib/http/define-route";
import { revokeInvitation } from "@/lib/users/pending-invitations";

export const DELETE = defineRoute(
  {
    method: "DELETE",
    path: "/api/users/invitations/{invitationId}",
    id: "revokeInvitation",
    tag: "Users and tokens",
    access: "users.manage",
    summary: "Revoke a pending invitation",
    responses: { 204: { description: "Revoked; its link no longer works." } },
    errors: [404],
  },
  async ({ actor, origin, params }) => {
    await revokeInvitation({ actor, origin, invitationId: params.invitationId });
    return new Response(null, { status: 204 });
  },
);
