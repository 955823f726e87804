// GET /api/suites/:id/items/:itemId: one item of a suite with every rating the
// suite counts for it, compared field by field (admins and the suite's adjudicators; raters see only their own work).
import { SuiteItemRatingsSchema } from "@/lib/api-schemas/suites";
import { defineRoute } from "@/lib/http/define-route";
import { suiteItemRatings } from "@/lib/suites/item-ratings";
import { itemRatingsJson } from "@/lib/suites/item-ratings-json";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/suites/{suiteId}/items/{itemId}",
    id: "getSuiteItemRatings",
    tag: "Suites",
    access: "adjudicate",
    summary: "One item with every rating the suite counts for it, field by field",
    responses: {
      200: { description: "The item, its ratings and the compared fields.", schema: SuiteItemRatingsSchema },
    },
    errors: [404],
  },
  async ({ actor, params }) =>
    itemRatingsJson(await suiteItemRatings({ actor, suiteId: params.suiteId, itemId: params.itemId })),
);
