// GET /api/reviews/:judgeEvalId: a prefill the SME holds: item, judge record, draft.
import { ReviewTaskSchema } from "@/lib/api-schemas/review";
import { defineRoute } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { getReviewTask } from "@/lib/review/review-tasks";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/reviews/{judgeEvalId}",
    id: "getReview",
    tag: "Review",
    access: "review.work",
    summary: "A prefill you hold: item, judge record, draft",
    responses: { 200: { description: "The review task.", schema: ReviewTaskSchema } },
    errors: [404],
  },
  async ({ actor, params }) => snakeKeys(await getReviewTask({ actor, judgeEvalId: params.judgeEvalId })),
);
