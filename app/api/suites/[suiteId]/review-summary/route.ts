// GET /api/suites/:id/review-summary: how SMEs treated the judge's values.
import { ReviewSummarySchema } from "@/lib/api-schemas/suites";
import { defineRoute } from "@/lib/http/define-route";
import { reviewSummary } from "@/lib/review/review-summary";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/suites/{suiteId}/review-summary",
    id: "getReviewSummary",
    tag: "Suites",
    access: "suites.manage",
    summary: "How SMEs treated the judge's values",
    responses: { 200: { description: "The summary.", schema: ReviewSummarySchema } },
    errors: [404],
  },
  async ({ actor, params }) => {
    const summary = await reviewSummary({ actor, suiteId: params.suiteId });
    return {
      open: summary.open,
      reviewed: summary.reviewed,
      fields: summary.fields.map((row) => ({
        path: row.path,
        accepted: row.accepted,
        edited: row.edited,
        added: row.added,
        acceptance_rate: row.acceptanceRate,
      })),
      likert: summary.likert.map((row) => ({
        dimension: row.dimension,
        reviewed: row.reviewed,
        changed: row.changed,
        mean_absolute_change: row.meanAbsoluteChange,
      })),
      hazards: summary.hazards.map((row) => ({ hazard: row.hazard, missed: row.missed, over_called: row.overCalled })),
    };
  },
);
