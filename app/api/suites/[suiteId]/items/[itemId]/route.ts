// GET /api/suites/:id/items/:itemId: one item of a suite with every rating the
// suite counts for it, compared field by field (admins and the suite's adjudicators; raters see only their own work).
// DELETE: remove an item nobody rated from the suite (admin).
import { SuiteItemRatingsSchema } from "@/lib/api-schemas/suites";
import { defineRoute } from "@/lib/http/define-route";
import { suiteItemRatings } from "@/lib/suites/item-ratings";
import { itemRatingsJson } from "@/lib/suites/item-ratings-json";
import { removeSuiteItem } from "@/lib/suites/item-progress";

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

export const DELETE = defineRoute(
  {
    method: "DELETE",
    path: "/api/suites/{suiteId}/items/{itemId}",
    id: "removeSuiteItem",
    tag: "Suites",
    access: "suites.manage",
    summary: "Remove an item nobody has rated from the suite",
    description: "Refused (409) when records, review tasks or adjudications are stored for it in the suite.",
    responses: { 204: { description: "Removed; the imported item itself stays." } },
    errors: [404, 409],
  },
  async ({ actor, origin, params }) => {
    await removeSuiteItem({ actor, origin, suiteId: params.suiteId, itemId: params.itemId });
    return new Response(null, { status: 204 });
  },
);
