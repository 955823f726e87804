// GET /api/suites/:id: the suite's progress, overall and per rater, and its
// skips per item (admin). PATCH: change any of its settings (raters, k, hold
// time, gold share, guidelines, adjudication rule, paused, archived).
import { SuiteDetailSchema, SuiteSettingsSchema } from "@/lib/api-schemas/suites";
import { defineRoute } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { getSkipSummary } from "@/lib/queues/skip";
import { changeSuite } from "@/lib/suites/change-suite";
import { getRaterProgress, getSuite } from "@/lib/suites/service";
import { SuitePatchInput } from "@/lib/suites/validation";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/suites/{suiteId}",
    id: "getSuite",
    tag: "Suites",
    access: "suites.manage",
    summary: "A suite with progress and skips per rater, and the items raters skipped",
    responses: { 200: { description: "The suite.", schema: SuiteDetailSchema } },
    errors: [404],
  },
  async ({ actor, params }) => {
    const { suiteId } = params;
    const [suite, raters, skips] = await Promise.all([
      getSuite({ actor, suiteId }),
      getRaterProgress({ actor, suiteId }),
      getSkipSummary({ actor, suiteId }),
    ]);
    return { ...snakeKeys(suite), raters: raters.map(snakeKeys), skipped_items: skips.items.map(snakeKeys) };
  },
);

export const PATCH = defineRoute(
  {
    method: "PATCH",
    path: "/api/suites/{suiteId}",
    id: "updateSuite",
    tag: "Suites",
    access: "suites.manage",
    summary: "Change a suite: raters, k, hold time, gold share, guidelines, adjudication rule; pause; archive",
    description:
      "Each field left out keeps its value. `rater_ids` is the whole list after the change: a removed rater's open holds are released and their records stay. `overlap_k` is refused below the ratings an item already has. Every change is audited with its before and after.",
    body: SuitePatchInput,
    responses: { 200: { description: "The suite's settings after the change.", schema: SuiteSettingsSchema } },
    errors: [400, 404, 422],
  },
  async ({ actor, origin, params, body }) => {
    const settings = await changeSuite({ actor, suiteId: params.suiteId, origin, input: body });
    return { ...snakeKeys(settings), adjudication_rule: snakeKeys(settings.adjudicationRule) };
  },
);
