// POST /api/pairwise/suites/:id/review-next: the SME's next judge verdict of
// the pairwise suite, held for them: {judge_eval_id}, null when none is left.
import { z } from "zod";
import { uuid } from "@/lib/api-schemas/common";
import { defineRoute } from "@/lib/http/define-route";
import { nextPairReview } from "@/lib/pairwise/pair-review-claim";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/pairwise/suites/{suiteId}/review-next",
    id: "nextPairReview",
    tag: "Pairwise comparison",
    access: "review.work",
    summary: "Your next pairwise judge verdict to review, held for you",
    responses: {
      200: {
        description: "The judge's record of the pair's first system (the review's id), or null when none is left.",
        schema: z.object({ judge_eval_id: uuid().nullable() }),
      },
    },
    errors: [404],
  },
  async ({ actor, params }) => ({ judge_eval_id: await nextPairReview({ actor, suiteId: params.suiteId }) }),
);
