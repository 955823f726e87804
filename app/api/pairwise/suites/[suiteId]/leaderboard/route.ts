// GET /api/pairwise/suites/:id/leaderboard: win rates, length-controlled win
// rates, Bradley–Terry scores, position bias, the judge's flip rate and
// agreement of a pairwise suite.
import { z } from "zod";
import { PairwiseLeaderboardSchema } from "@/lib/api-schemas/pairwise";
import { defineRoute } from "@/lib/http/define-route";
import { LEADERBOARD_RATERS } from "@/lib/pairwise/leaderboard";
import { pairwiseLeaderboard } from "@/lib/pairwise/leaderboard-query";
import { deepSnakeKeys } from "@/lib/pairwise/snake-json";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/pairwise/suites/{suiteId}/leaderboard",
    id: "pairwiseLeaderboard",
    tag: "Pairwise comparison",
    access: "suites.manage",
    summary: "The leaderboard of a pairwise suite",
    description:
      "Intervals are 95% percentile bootstrap intervals over resampled judgments (1000 resamples, fixed seed).",
    query: z.object({
      raters: z
        .enum(LEADERBOARD_RATERS)
        .optional()
        .describe("whose judgments the win rates and ratings count: all (default), humans, or the LLM judge"),
    }),
    responses: { 200: { description: "The leaderboard.", schema: PairwiseLeaderboardSchema } },
    errors: [404, 422],
  },
  async ({ actor, params, query }) =>
    deepSnakeKeys(await pairwiseLeaderboard({ actor, suiteId: params.suiteId, raters: query.raters })),
);
