// POST /api/suites/:id/review-next: the SME's next prefill of the suite, held
// for them: {judge_eval_id} or {judge_eval_id: null} when none is left.
import { z } from "zod";
import { uuid } from "@/lib/api-schemas/common";
import { defineRoute } from "@/lib/http/define-route";
import { nextReviewTask } from "@/lib/review/review-tasks";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/suites/{suiteId}/review-next",
    id: "nextReview",
    tag: "Review",
    access: "review.work",
    summary: "Your next prefill of the suite, held for you",
    responses: {
      200: {
        description: "The judge record's eval_id, or null when none is left.",
        schema: z.object({ judge_eval_id: uuid().nullable() }),
      },
    },
    errors: [404],
  },
  async ({ actor, params }) => ({ judge_eval_id: await nextReviewTask({ actor, suiteId: params.suiteId }) }),
);
