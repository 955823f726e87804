// POST /api/assignments/:id/correction {draft}: correct the item you submitted:
// a new record whose derived_from is your latest rating of it.
import { CorrectionSchema, DraftSubmitSchema } from "@/lib/api-schemas/queue";
import { bodyField, defineRoute, reply } from "@/lib/http/define-route";
import { correctSubmittedAssignment } from "@/lib/queues/correction";
import { userRater } from "@/lib/queues/queue-rater";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/assignments/{assignmentId}/correction",
    id: "correctAssignment",
    tag: "Rating queue",
    access: "queue.work",
    summary: "Correct the item you submitted: a new record derived from your latest rating of it",
    body: DraftSubmitSchema,
    responses: { 201: { description: "Stored as a new record.", schema: CorrectionSchema } },
    errors: [400, 404, 409, 422],
  },
  async ({ actor, origin, params, body }) => {
    const result = await correctSubmittedAssignment({
      rater: userRater(actor),
      origin,
      assignmentId: params.assignmentId,
      draft: bodyField(body, "draft"),
    });
    return reply({ eval_id: result.evalId, derived_from: result.derivedFrom }, 201);
  },
);
