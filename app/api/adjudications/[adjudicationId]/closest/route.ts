// PUT /api/adjudications/:id/closest {closest_eval_id}: keeps the adjudicator's
// choice of the source closest to their decision until they submit.
import { z } from "zod";
import { chooseClosestSource } from "@/lib/adjudication/service";
import { uuid } from "@/lib/api-schemas/common";
import { bodyField, defineRoute } from "@/lib/http/define-route";

export const PUT = defineRoute(
  {
    method: "PUT",
    path: "/api/adjudications/{adjudicationId}/closest",
    id: "chooseClosestSource",
    tag: "Adjudication",
    access: "adjudicate",
    summary: "Mark the source record closest to your decision",
    body: z.object({ closest_eval_id: uuid().describe("one of the item's ratings") }),
    responses: { 200: { description: "Kept.", schema: z.object({ closest_eval_id: uuid() }) } },
    errors: [400, 404, 422],
  },
  async ({ actor, params, body }) => ({
    closest_eval_id: (
      await chooseClosestSource({ actor, id: params.adjudicationId, closestEvalId: bodyField(body, "closest_eval_id") })
    ).closestEvalId,
  }),
);
