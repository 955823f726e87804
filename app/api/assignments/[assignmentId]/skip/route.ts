// POST /api/assignments/:id/skip {reason, comment?}: skip the held item with a
// reason; it goes back to the queue for others.
import { SkippedSchema, SkipSchema } from "@/lib/api-schemas/queue";
import { defineRoute } from "@/lib/http/define-route";
import { userRater } from "@/lib/queues/queue-rater";
import { skipAssignment } from "@/lib/queues/skip";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/assignments/{assignmentId}/skip",
    id: "skipAssignment",
    tag: "Rating queue",
    access: "queue.work",
    summary: "Skip the held item with a reason (it goes back to the queue for others)",
    body: SkipSchema,
    responses: { 200: { description: "Skipped (a repeat answers the same).", schema: SkippedSchema } },
    errors: [400, 404, 409, 422],
  },
  async ({ actor, origin, params, body }) =>
    skipAssignment({ rater: userRater(actor), origin, assignmentId: params.assignmentId, input: body }),
);
