// POST /api/pairwise/assignments/:id/skip {reason, comment?}: skip the held
// pair with a reason; it goes back to the queue for others.
import { SkippedSchema, SkipSchema } from "@/lib/api-schemas/queue";
import { defineRoute } from "@/lib/http/define-route";
import { skipPair } from "@/lib/pairwise/skip-pair";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/pairwise/assignments/{assignmentId}/skip",
    id: "skipPair",
    tag: "Pairwise comparison",
    access: "queue.work",
    summary: "Skip the held pair with a reason (it goes back to the queue for others)",
    body: SkipSchema,
    responses: { 200: { description: "Skipped (a repeat answers the same).", schema: SkippedSchema } },
    errors: [400, 404, 409, 422],
  },
  async ({ actor, origin, params, body }) =>
    skipPair({ actor, origin, assignmentId: params.assignmentId, input: body }),
);
