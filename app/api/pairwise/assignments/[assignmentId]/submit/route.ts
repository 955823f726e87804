// POST /api/pairwise/assignments/:id/submit {preference, rationale, responses}:
// stores the pair as two AIF records (mirror images on vs_reference) with the
// pairwise sidecar. Repeating it answers with the same eval_ids (200, not 201).
import { SubmittedPairSchema } from "@/lib/api-schemas/pairwise";
import { bodyField, defineRoute, reply } from "@/lib/http/define-route";
import { submitPair } from "@/lib/pairwise/pairs";
import { PairSubmitInput } from "@/lib/pairwise/validation";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/pairwise/assignments/{assignmentId}/submit",
    id: "submitPair",
    tag: "Pairwise comparison",
    access: "queue.work",
    summary: "Submit a pair as two records",
    description:
      "preference is Response 1's verdict against Response 2 (much_worse … much_better); responses[0] and [1] are the rest of the form for Response 1 and Response 2 (task and subject come from the items).",
    body: PairSubmitInput,
    responses: {
      201: { description: "Stored.", schema: SubmittedPairSchema },
      200: { description: "Already submitted: the first records.", schema: SubmittedPairSchema },
    },
    errors: [400, 404, 409, 422],
  },
  async ({ actor, params, body }) => {
    const result = await submitPair({
      actor,
      assignmentId: params.assignmentId,
      input: body,
      activeMs: bodyField(body, "active_ms"),
    });
    return reply(
      { eval_ids: result.evalIds, already_submitted: result.alreadySubmitted },
      result.alreadySubmitted ? 200 : 201,
    );
  },
);
