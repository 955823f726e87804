// POST /api/reviews/:judgeEvalId/submit {draft}: stores the hybrid record
// (derived_from = the judge record) and its field decisions. Repeating it
// answers with the same eval_id (200 instead of 201).
import { withActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { submitReview } from "@/lib/review/review-tasks";

export async function POST(request: Request, context: { params: Promise<{ judgeEvalId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const body = (await readJsonBody(request)) as { draft?: unknown } | null;
    const result = await submitReview({ actor, origin, judgeEvalId: (await context.params).judgeEvalId, draft: body?.draft });
    return Response.json(
      { eval_id: result.evalId, already_submitted: result.alreadySubmitted, changed_fields: result.changedFields },
      { status: result.alreadySubmitted ? 200 : 201 },
    );
  });
}
