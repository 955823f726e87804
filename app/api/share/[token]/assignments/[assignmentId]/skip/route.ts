// POST /api/share/:token/assignments/:id/skip {reason, comment?}: a visitor skips the held item.
import { SkippedSchema, SkipSchema, VISITOR_NOTE } from "@/lib/api-schemas/queue";
import { defineRoute } from "@/lib/http/define-route";
import { skipAssignment } from "@/lib/queues/skip";
import { assertAddressWithinLimit } from "@/lib/share-links/service";
import { shareRaterOf } from "@/lib/share-links/share-request";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/share/{token}/assignments/{assignmentId}/skip",
    id: "skipSharedAssignment",
    tag: "Share-link visitors",
    access: "public",
    summary: "A visitor skips the held item with a reason",
    description: VISITOR_NOTE,
    body: SkipSchema,
    responses: { 200: { description: "Skipped.", schema: SkippedSchema } },
    errors: [400, 404, 409, 422, 429],
  },
  async ({ request, origin, params, body }) => {
    const rater = await shareRaterOf(request, params.token);
    await assertAddressWithinLimit(origin);
    return skipAssignment({ rater, origin, assignmentId: params.assignmentId, input: body });
  },
);
