// GET /api/suites/:id/review-summary: how SMEs treated the judge's values.
import { withActor } from "@/lib/http/api-handler";
import { reviewSummary } from "@/lib/review/review-summary";

export async function GET(request: Request, context: { params: Promise<{ suiteId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const summary = await reviewSummary({ actor, suiteId: (await context.params).suiteId });
    return Response.json({
      open: summary.open,
      reviewed: summary.reviewed,
      fields: summary.fields.map((row) => ({ path: row.path, accepted: row.accepted, edited: row.edited, added: row.added, acceptance_rate: row.acceptanceRate })),
      likert: summary.likert.map((row) => ({ dimension: row.dimension, reviewed: row.reviewed, changed: row.changed, mean_absolute_change: row.meanAbsoluteChange })),
      hazards: summary.hazards.map((row) => ({ hazard: row.hazard, missed: row.missed, over_called: row.overCalled })),
    });
  });
}
