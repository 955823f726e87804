// POST /api/reviews/:judgeEvalId/submit {draft}: stores the hybrid record
// (derived_from = the judge record) and its field decisions. Repeating it
// answers with the same eval_id (200 instead of 201).
import { DraftSubmitSchema } from "@/lib/api-schemas/queue";
import { SubmittedReviewSchema } from "@/lib/api-schemas/review";
import { bodyField, defineRoute, reply } from "@/lib/http/define-route";
import { submitReview } from "@/lib/review/review-tasks";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/reviews/{judgeEvalId}/submit",
    id: "submitReview",
    tag: "Review",
    access: "review.work",
    summary: "Submit the review as a hybrid record",
    description:
      "Stores a new record (rater.type hybrid, derived_from = the judge record) with a decision per judged field; a repeat answers 200 with the same eval_id.",
    body: DraftSubmitSchema,
    responses: {
      201: { description: "Stored.", schema: SubmittedReviewSchema },
      200: { description: "Submitted before.", schema: SubmittedReviewSchema },
    },
    errors: [400, 404, 409, 422],
  },
  async ({ actor, origin, params, body }) => {
    const result = await submitReview({
      actor,
      origin,
      judgeEvalId: params.judgeEvalId,
      draft: bodyField(body, "draft"),
      activeMs: bodyField(body, "active_ms"),
    });
    return reply(
      { eval_id: result.evalId, already_submitted: result.alreadySubmitted, changed_fields: result.changedFields },
      result.alreadySubmitted ? 200 : 201,
    );
  },
);
