// GET /api/suites/:id/items/:itemId: one item of a suite with every rating the
// suite counts for it, compared field by field (admins and the suite's adjudicators; raters see only their own work).
import { SuiteItemRatingsSchema } from "@/lib/api-schemas/suites";
import { defineRoute } from "@/lib/http/define-route";
import { suiteItemRatings } from "@/lib/suites/item-ratings";

export const GET = defineRoute(
  {
    method: "GET", path: "/api/suites/{suiteId}/items/{itemId}", id: "getSuiteItemRatings", tag: "Suites", access: "adjudicate",
    summary: "One item with every rating the suite counts for it, field by field",
    responses: { 200: { description: "The item, its ratings and the compared fields.", schema: SuiteItemRatingsSchema } },
    errors: [404],
  },
  async ({ actor, params }) => {
    const view = await suiteItemRatings({ actor, suiteId: params.suiteId, itemId: params.itemId });
    return {
      suite: view.suite,
      item: { item_id: view.item.id, task_id: view.item.taskId, system_under_test: view.item.systemUnderTest, is_gold: view.item.isGold, body: view.item.body },
      ratings: view.ratings.map((rating) => ({ eval_id: rating.evalId, rater_type: rating.raterType, rater: rating.rater, submitted_at: rating.submittedAt, flow: rating.flow, derived_from: rating.derivedFrom, record: rating.body })),
      fields: view.fields.map((field) => ({ pointer: field.pointer, values: field.values.map((value) => value ?? null), differs: field.differs })),
    };
  },
);
