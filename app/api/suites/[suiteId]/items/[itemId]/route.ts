// GET /api/suites/:id/items/:itemId: one item of a suite with every rating the
// suite counts for it, compared field by field (admin; raters see only their own work).
import { withActor } from "@/lib/http/api-handler";
import { suiteItemRatings } from "@/lib/suites/item-ratings";

export async function GET(request: Request, context: { params: Promise<{ suiteId: string; itemId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const { suiteId, itemId } = await context.params;
    const view = await suiteItemRatings({ actor, suiteId, itemId });
    return Response.json({
      suite: view.suite,
      item: { item_id: view.item.id, task_id: view.item.taskId, system_under_test: view.item.systemUnderTest, is_gold: view.item.isGold, body: view.item.body },
      ratings: view.ratings.map((rating) => ({ eval_id: rating.evalId, rater_type: rating.raterType, rater: rating.rater, submitted_at: rating.submittedAt, flow: rating.flow, derived_from: rating.derivedFrom, record: rating.body })),
      fields: view.fields.map((field) => ({ pointer: field.pointer, kind: field.kind, values: field.values.map((value) => value ?? null), differs: field.differs })),
    });
  });
}
