// GET /api/suites/:id: the suite's progress, overall and per rater, and its
// skips per item (admin). PATCH {guidelines, adjudication_rule}: the guidelines
// raters see, and when an item needs adjudication.
import { z } from "zod";
import { SuiteDetailSchema } from "@/lib/api-schemas/suites";
import { defineRoute } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { getSkipSummary } from "@/lib/queues/skip";
import { AdjudicationRuleInput } from "@/lib/adjudication/rule-input";
import { updateSuiteSettings } from "@/lib/suites/guidelines";
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
    summary: "Set the guidelines the suite's raters read beside the form, and the adjudication rule",
    body: SuitePatchInput,
    responses: {
      200: {
        description: "Saved.",
        schema: z.object({ guidelines: z.string(), adjudication_rule: AdjudicationRuleInput.required() }),
      },
    },
    errors: [400, 404, 422],
  },
  async ({ actor, origin, params, body }) => {
    const settings = await updateSuiteSettings({ actor, suiteId: params.suiteId, origin, input: body });
    return { guidelines: settings.guidelines, adjudication_rule: snakeKeys(settings.adjudicationRule) };
  },
);
