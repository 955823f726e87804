// GET /api/suites/:id/estimates[?target_width=]: per system and measure the
// human-only, judge-only (biased) and corrected (PPI++) estimates (admin).
import { SuiteEstimatesSchema } from "@/lib/api-schemas/estimates";
import { ratingsEstimatesJson } from "@/lib/estimates/estimates-json";
import { suiteEstimates } from "@/lib/estimates/suite-estimates";
import { EstimatesQuery } from "@/lib/estimates/validation";
import { defineRoute } from "@/lib/http/define-route";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/suites/{suiteId}/estimates",
    id: "getSuiteEstimates",
    tag: "Suites",
    access: "suites.manage",
    summary: "Human-only, judge-only and corrected (PPI++) estimates with 95% intervals, per system and measure",
    query: EstimatesQuery,
    responses: { 200: { description: "The estimates.", schema: SuiteEstimatesSchema } },
    errors: [404, 422],
  },
  async ({ actor, params, query }) => {
    const estimates = await suiteEstimates({ actor, suiteId: params.suiteId, targetWidth: query.target_width });
    return {
      suite: estimates.suite,
      adjudications_not_used: estimates.adjudicationsNotUsed,
      ...ratingsEstimatesJson(estimates),
    };
  },
);
