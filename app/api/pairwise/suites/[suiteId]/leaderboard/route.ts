// GET /api/pairwise/suites/:id/leaderboard: win rates, length-controlled win
// rates, Bradley–Terry scores, position bias and agreement of a pairwise suite.
import { PairwiseLeaderboardSchema } from "@/lib/api-schemas/pairwise";
import { defineRoute } from "@/lib/http/define-route";
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
    responses: { 200: { description: "The leaderboard.", schema: PairwiseLeaderboardSchema } },
    errors: [404],
  },
  async ({ actor, params }) => deepSnakeKeys(await pairwiseLeaderboard({ actor, suiteId: params.suiteId })),
);
