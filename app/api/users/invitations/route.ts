// POST /api/users/invitations (admin): invite everyone of a pasted list or CSV,
// one result per line; the links are in the answer, shown this once.
// GET: the invitations not accepted yet (their links are never shown again).
import { z } from "zod";
import { roles, dateTime } from "@/lib/api-schemas/common";
import { bodyField, defineRoute } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { inviteUsersFromList } from "@/lib/users/bulk-invite";
import { listPendingInvitations } from "@/lib/users/pending-invitations";

const LineResult = z.union([
  z.object({
    line: z.number().int(),
    email: z.string(),
    status: z.literal("invited"),
    roles: roles(),
    expires_at: dateTime(),
    invite_path: z.string().describe("/invite/{token}"),
  }),
  z.object({ line: z.number().int(), email: z.string().nullable(), status: z.literal("refused"), reason: z.string() }),
]);

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/users/invitations",
    id: "inviteUsers",
    tag: "Users and tokens",
    access: "users.manage",
    summary: "Invite a list of people",
    description:
      "One email a line, optionally followed by a comma, semicolon or tab and the roles (separated by spaces, | or ;); a first line `email,roles` is a CSV header. Lines without roles get `roles`. Each line is invited on its own: a line refused (not an email, an unknown role, twice in the list, an account exists) does not stop the others, and names its line number.",
    body: z.object({ list: z.string().min(1), roles: z.array(z.enum(["rater", "sme", "admin"])).optional() }),
    responses: {
      200: {
        description: "One result per line that was not blank.",
        schema: z.object({ results: z.array(LineResult) }),
      },
    },
    errors: [400, 422],
  },
  async ({ actor, origin, body }) => {
    const results = await inviteUsersFromList({
      actor,
      origin,
      list: bodyField(body, "list"),
      defaultRoles: bodyField(body, "roles"),
    });
    return {
      results: results.map((result) =>
        result.status === "invited"
          ? {
              line: result.line,
              email: result.email,
              status: result.status,
              roles: result.roles,
              expires_at: result.expiresAt,
              invite_path: `/invite/${result.token}`,
            }
          : result,
      ),
    };
  },
);

const PendingInvitationSchema = z.object({
  id: z.string().uuid(),
  email: z.string(),
  roles: roles(),
  invited_by_name: z.string().nullable(),
  created_at: dateTime(),
  expires_at: dateTime(),
  expired: z.boolean(),
});

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/users/invitations",
    id: "listPendingInvitations",
    tag: "Users and tokens",
    access: "users.manage",
    summary: "Invitations not accepted yet",
    description:
      "Newest first, expired ones included (resend gives them a new link). Links are not listed: they are shown only when issued.",
    responses: {
      200: {
        description: "The pending invitations.",
        schema: z.object({ invitations: z.array(PendingInvitationSchema) }),
      },
    },
  },
  async ({ actor }) => ({ invitations: (await listPendingInvitations({ actor })).map(snakeKeys) }),
);
