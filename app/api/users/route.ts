// GET /api/users: all users (admin). POST: invite {email, roles}; the answer
// carries the invitation link's token, shown this once.
import { z } from "zod";
import { rolesInput, UserSchema } from "@/lib/api-schemas/accounts";
import { dateTime, roles } from "@/lib/api-schemas/common";
import { bodyField, defineRoute, reply } from "@/lib/http/define-route";
import { inviteUser, listUsers } from "@/lib/users/service";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/users",
    id: "listUsers",
    tag: "Users and tokens",
    access: "users.manage",
    summary: "All users",
    responses: { 200: { description: "The users.", schema: z.object({ users: z.array(UserSchema) }) } },
  },
  async ({ actor }) => ({ users: await listUsers({ actor }) }),
);

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/users",
    id: "inviteUser",
    tag: "Users and tokens",
    access: "users.manage",
    summary: "Invite a user",
    description:
      "The answer carries the one-time invitation path (valid 7 days), shown this once. A new invitation for an email replaces its open one (the older link stops working); an email that already has an account answers 409 on /email.",
    body: z.object({ email: z.email(), roles: rolesInput() }),
    responses: {
      201: {
        description: "Invited.",
        schema: z.object({
          email: z.string(),
          roles: roles(),
          expires_at: dateTime(),
          invite_path: z.string().describe("/invite/{token}"),
        }),
      },
    },
    errors: [400, 409, 422],
  },
  async ({ actor, origin, body }) => {
    const invitation = await inviteUser({
      actor,
      origin,
      email: bodyField(body, "email"),
      roles: bodyField(body, "roles"),
    });
    return reply(
      {
        email: invitation.email,
        roles: invitation.roles,
        expires_at: invitation.expiresAt,
        invite_path: `/invite/${invitation.token}`,
      },
      201,
    );
  },
);
