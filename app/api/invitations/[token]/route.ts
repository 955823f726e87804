// POST /api/invitations/:token {name, password}: accept an invitation (public:
// the unguessable token is the credential).
import { z } from "zod";
import { roles } from "@/lib/api-schemas/common";
import { bodyField, defineRoute, reply } from "@/lib/http/define-route";
import { acceptInvitation } from "@/lib/users/service";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/invitations/{token}",
    id: "acceptInvitation",
    tag: "Users and tokens",
    access: "public",
    summary: "Accept an invitation",
    description:
      "Public: the invitation token is the credential. Creates the account with the invited email and roles. The name is trimmed, 1 to 100 characters without control or text-direction characters (422 on /name), and unique regardless of case (409 on /name).",
    body: z.object({ name: z.string().min(1).max(100), password: z.string().min(12) }),
    responses: {
      201: { description: "The account exists; sign in.", schema: z.object({ email: z.string(), roles: roles() }) },
    },
    errors: [400, 404, 409, 422],
  },
  async ({ origin, params, body }) => {
    const user = await acceptInvitation({
      token: params.token,
      origin,
      name: bodyField(body, "name"),
      password: bodyField(body, "password"),
    });
    return reply({ email: user.email, roles: user.roles }, 201);
  },
);
