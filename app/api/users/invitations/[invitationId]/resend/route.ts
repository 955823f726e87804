// POST /api/users/invitations/:id/resend (admin): a fresh link and expiry for a
// pending invitation, shown this once; the old link stops working.
import { z } from "zod";
import { dateTime, roles } from "@/lib/api-schemas/common";
import { defineRoute, reply } from "@/lib/http/define-route";
import { resendInvitation } from "@/lib/users/pending-invitations";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/users/invitations/{invitationId}/resend",
    id: "resendInvitation",
    tag: "Users and tokens",
    access: "users.manage",
    summary: "Resend a pending invitation with a new link",
    description:
      "Issues a new one-time link valid 7 days from now, shown this once; the invitation's earlier link is refused from now on. An accepted or revoked invitation answers 404.",
    responses: {
      201: {
        description: "The new link.",
        schema: z.object({
          email: z.string(),
          roles: roles(),
          expires_at: dateTime(),
          invite_path: z.string().describe("/invite/{token}"),
        }),
      },
    },
    errors: [404],
  },
  async ({ actor, origin, params }) => {
    const sent = await resendInvitation({ actor, origin, invitationId: params.invitationId });
    return reply(
      { email: sent.email, roles: sent.roles, expires_at: sent.expiresAt, invite_path: `/invite/${sent.token}` },
      201,
    );
  },
);
