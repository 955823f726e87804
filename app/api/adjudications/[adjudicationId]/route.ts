// GET /api/adjudications/:id: an adjudication the caller holds: the item's
// ratings side by side, the consensus draft and the fields left undecided.
import { getAdjudication } from "@/lib/adjudication/service";
import { AdjudicationSchema } from "@/lib/api-schemas/adjudication";
import { defineRoute } from "@/lib/http/define-route";
import { itemRatingsJson } from "@/lib/suites/item-ratings-json";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/adjudications/{adjudicationId}",
    id: "getAdjudication",
    tag: "Adjudication",
    access: "adjudicate",
    summary: "An adjudication you hold: the ratings side by side and the consensus",
    responses: { 200: { description: "The adjudication.", schema: AdjudicationSchema } },
    errors: [404],
  },
  async ({ actor, params }) => {
    const view = await getAdjudication({ actor, id: params.adjudicationId });
    return {
      adjudication_id: view.id,
      status: view.status,
      item_ratings: itemRatingsJson(view.ratings),
      draft: view.draft,
      draft_source: view.draftSource,
      draft_version: view.draftVersion,
      undecided: view.undecided,
      suggested_closest: view.suggestedClosest ?? null,
      previous_eval_id: view.previousEvalId,
      authoritative_eval_id: view.authoritativeEvalId,
    };
  },
);
