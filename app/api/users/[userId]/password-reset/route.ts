// POST /api/users/:id/password-reset (admin): a one-time link for the user to
// set a new password; the answer carries it, shown this once.
import { z } from "zod";
import { dateTime } from "@/lib/api-schemas/common";
import { defineRoute, reply } from "@/lib/http/define-route";
import { issuePasswordReset } from "@/lib/users/password-reset";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/users/{userId}/password-reset",
    id: "issuePasswordReset",
    tag: "Users and tokens",
    access: "users.manage",
    summary: "Issue a password reset link",
    description:
      "The answer carries the one-time reset path (valid 24 hours), shown this once. A new link replaces the user's open one. Using it sets a new password and ends every session of the user. A disabled user answers 409.",
    responses: {
      201: {
        description: "Issued.",
        schema: z.object({
          email: z.string(),
          expires_at: dateTime(),
          reset_path: z.string().describe("/reset-password/{token}"),
        }),
      },
    },
    errors: [404, 409],
  },
  async ({ actor, origin, params }) => {
    const reset = await issuePasswordReset({ actor, origin, userId: params.userId });
    return reply(
      { email: reset.email, expires_at: reset.expiresAt, reset_path: `/reset-password/${reset.token}` },
      201,
    );
  },
);
