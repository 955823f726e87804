// PUT /api/pairwise/suites/:id/reviewers {reviewer_ids}: the SMEs who review
// the suite's judge verdicts (the whole list; an empty one removes them all).
import { z } from "zod";
import { defineRoute } from "@/lib/http/define-route";
import { setPairwiseSuiteReviewers } from "@/lib/pairwise/pair-reviewers";
import { PairwiseReviewersInput } from "@/lib/pairwise/validation";

export const PUT = defineRoute(
  {
    method: "PUT",
    path: "/api/pairwise/suites/{suiteId}/reviewers",
    id: "setPairwiseSuiteReviewers",
    tag: "Pairwise comparison",
    access: "suites.manage",
    summary: "Choose the SMEs who review the pairwise suite's judge verdicts",
    body: PairwiseReviewersInput,
    responses: {
      200: { description: "The suite's SMEs now.", schema: z.object({ reviewer_ids: z.array(z.string()) }) },
    },
    errors: [400, 404, 422],
  },
  async ({ actor, origin, params, body }) => ({
    reviewer_ids: await setPairwiseSuiteReviewers({ actor, origin, suiteId: params.suiteId, input: body }),
  }),
);
