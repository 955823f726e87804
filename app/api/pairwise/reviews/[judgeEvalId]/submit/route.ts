// POST /api/pairwise/reviews/:id/submit {preference, rationale, responses}:
// stores the SME's review of a judge verdict as two hybrid records, each
// derived from the judge's record of the same response, with the pairwise
// sidecar. Repeating it answers with the same eval_ids (200, not 201).
import { SubmittedPairSchema } from "@/lib/api-schemas/pairwise";
import { bodyField, defineRoute, reply } from "@/lib/http/define-route";
import { submitPairReview } from "@/lib/pairwise/pair-review";
import { PairSubmitInput } from "@/lib/pairwise/validation";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/pairwise/reviews/{judgeEvalId}/submit",
    id: "submitPairReview",
    tag: "Pairwise comparison",
    access: "review.work",
    summary: "Submit a pair review as two hybrid records",
    description:
      "As a pair's submit, in the order the review shows the responses; each record's derived_from is the judge's record of the same response (set by the server).",
    body: PairSubmitInput,
    responses: {
      201: { description: "Stored.", schema: SubmittedPairSchema },
      200: { description: "Already submitted: the first records.", schema: SubmittedPairSchema },
    },
    errors: [400, 404, 409, 422],
  },
  async ({ actor, params, body }) => {
    const result = await submitPairReview({
      actor,
      judgeEvalId: params.judgeEvalId,
      input: body,
      activeMs: bodyField(body, "active_ms"),
    });
    return reply(
      { eval_ids: result.evalIds, already_submitted: result.alreadySubmitted },
      result.alreadySubmitted ? 200 : 201,
    );
  },
);
