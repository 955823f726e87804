// GET /api/pairwise/suites/:id/leaderboard[?raters=&modality=&tag=key=value]:
// win rates, length-controlled win rates, Bradley–Terry scores, position bias,
// the judge's flip rate and agreement of a pairwise suite, or of one slice of it.
import { z } from "zod";
import { MODALITIES } from "@/lib/aif/contract-facts";
import { PairwiseLeaderboardSchema } from "@/lib/api-schemas/pairwise";
import { defineRoute } from "@/lib/http/define-route";
import { LEADERBOARD_RATERS } from "@/lib/pairwise/leaderboard";
import { pairwiseLeaderboard } from "@/lib/pairwise/leaderboard-query";
import { leaderboardSliceOf } from "@/lib/pairwise/leaderboard-slice";
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
      "Intervals are 95% percentile bootstrap intervals over resampled judgments (1000 resamples, fixed seed). A slice (modality, tag) counts the pairs one of whose two responses' items has it; the answer's `slice` says which, and a slice without judgments answers `judgments: 0`.",
    query: z.object({
      raters: z
        .enum(LEADERBOARD_RATERS)
        .optional()
        .describe("whose judgments the win rates and ratings count: all (default), humans, or the LLM judge"),
      modality: z.enum(MODALITIES).optional().describe("only pairs of this modality"),
      tag: z.string().optional().describe("only pairs whose items have this tag, as key=value"),
    }),
    responses: { 200: { description: "The leaderboard.", schema: PairwiseLeaderboardSchema } },
    errors: [404, 422],
  },
  async ({ actor, params, query }) =>
    deepSnakeKeys(
      await pairwiseLeaderboard({
        actor,
        suiteId: params.suiteId,
        raters: query.raters,
        // An empty tag (a cleared form field) means no slice, as on the page.
        slice: leaderboardSliceOf({ modality: query.modality, tag: query.tag }),
      }),
    ),
);
