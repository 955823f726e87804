// POST /api/password-resets/:token {password}: set a new password with an
// admin-issued link (public: the unguessable token is the credential).
import { z } from "zod";
import { bodyField, defineRoute } from "@/lib/http/define-route";
import { completePasswordReset } from "@/lib/users/password-reset";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/password-resets/{token}",
    id: "completePasswordReset",
    tag: "Users and tokens",
    access: "public",
    summary: "Set a new password with a reset link",
    description:
      "Public: the reset token is the credential, good once and for 24 hours. Every session of the user ends and every API token of theirs is revoked (api_tokens_revoked: how many); sign in with the new password.",
    body: z.object({ password: z.string().min(12) }),
    responses: {
      200: {
        description: "The password is set; sign in.",
        schema: z.object({ email: z.string(), api_tokens_revoked: z.number().int() }),
      },
    },
    errors: [400, 404, 422],
  },
  async ({ origin, params, body }) => {
    const done = await completePasswordReset({ token: params.token, origin, password: bodyField(body, "password") });
    return { email: done.email, api_tokens_revoked: done.tokensRevoked };
  },
);
