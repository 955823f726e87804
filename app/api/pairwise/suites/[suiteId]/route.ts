// GET /api/pairwise/suites/:id: the pairwise suite's settings (admin). PATCH:
// change any of them (raters, open to all, SMEs, k, hold time, guidelines,
// verdict-only, paused, archived), as an item suite's are changed.
import { PairwiseSuiteSettingsSchema } from "@/lib/api-schemas/pairwise";
import { defineRoute } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { changePairwiseSuite, getPairwiseSuiteSettings } from "@/lib/pairwise/suite-settings";
import { PairwiseSuitePatchInput } from "@/lib/pairwise/validation";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/pairwise/suites/{suiteId}",
    id: "getPairwiseSuiteSettings",
    tag: "Pairwise comparison",
    access: "suites.manage",
    summary: "A pairwise suite's settings: raters, SMEs, k, hold time, guidelines, verdict-only, paused, archived",
    responses: { 200: { description: "The settings.", schema: PairwiseSuiteSettingsSchema } },
    errors: [404],
  },
  async ({ actor, params }) => snakeKeys(await getPairwiseSuiteSettings({ actor, suiteId: params.suiteId })),
);

export const PATCH = defineRoute(
  {
    method: "PATCH",
    path: "/api/pairwise/suites/{suiteId}",
    id: "updatePairwiseSuite",
    tag: "Pairwise comparison",
    access: "suites.manage",
    summary: "Change a pairwise suite: raters, SMEs, k, hold time, guidelines, verdict-only; pause; archive",
    description:
      "Each field left out keeps its value. `rater_ids` and `reviewer_ids` are the whole lists after the change: whoever can no longer compare (or review) has their open holds released; their records stay. `overlap_k` is refused below the judgments a pair already has. Every change is audited with its before and after.",
    body: PairwiseSuitePatchInput,
    responses: { 200: { description: "The settings after the change.", schema: PairwiseSuiteSettingsSchema } },
    errors: [400, 404, 422],
  },
  async ({ actor, origin, params, body }) =>
    snakeKeys(await changePairwiseSuite({ actor, suiteId: params.suiteId, origin, input: body })),
);
