// POST /api/rater-flags/dismissals {flag_key, evidence_key, reason}: dismisses a
// standing integrity flag on its evidence (admin; audited).
import { FlagDismissalSchema, FlagDismissedSchema } from "@/lib/api-schemas/rater-flags";
import { defineRoute, reply } from "@/lib/http/define-route";
import { dismissIntegrityFlag } from "@/lib/raters/integrity-flags";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/rater-flags/dismissals",
    id: "dismissRaterFlag",
    tag: "Users and tokens",
    access: "users.manage",
    summary: "Dismiss an integrity flag, with a reason",
    body: FlagDismissalSchema,
    responses: { 201: { description: "Dismissed (audited).", schema: FlagDismissedSchema } },
    errors: [400, 404, 422],
  },
  async ({ actor, origin, body }) => reply(await dismissIntegrityFlag({ actor, origin, input: body }), 201),
);
