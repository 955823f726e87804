// POST /api/adjudications/:id/submit {draft, closest_eval_id}: stores the
// authoritative record and its sidecar. Repeating it answers with the same eval_id (200 instead of 201).
import { submitAdjudication } from "@/lib/adjudication/service";
import { AdjudicationSubmitSchema, SubmittedAdjudicationSchema } from "@/lib/api-schemas/adjudication";
import { bodyField, defineRoute, reply } from "@/lib/http/define-route";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/adjudications/{adjudicationId}/submit",
    id: "submitAdjudication",
    tag: "Adjudication",
    access: "adjudicate",
    summary: "Submit the authoritative record",
    description:
      "Stores a new record (rater.type sme, derived_from = closest_eval_id, or the previous decision on a re-adjudication), counted in the suite through the flow adjudication, with a sidecar naming every source and a decision per field; a repeat answers 200 with the same eval_id.",
    body: AdjudicationSubmitSchema,
    responses: {
      201: { description: "Stored.", schema: SubmittedAdjudicationSchema },
      200: { description: "Submitted before.", schema: SubmittedAdjudicationSchema },
    },
    errors: [400, 404, 409, 422],
  },
  async ({ actor, origin, params, body }) => {
    const closest = bodyField(body, "closest_eval_id");
    const result = await submitAdjudication({
      actor,
      origin,
      id: params.adjudicationId,
      draft: bodyField(body, "draft"),
      activeMs: bodyField(body, "active_ms"),
      closestEvalId: closest === undefined ? undefined : typeof closest === "string" ? closest : "",
    });
    return reply(
      { eval_id: result.evalId, already_submitted: result.alreadySubmitted, fields: result.decisions },
      result.alreadySubmitted ? 200 : 201,
    );
  },
);
