// POST /api/assignments/:id/submit {draft}: stores the rating as a record.
// Repeating it answers with the same eval_id (200 instead of 201).
import { withActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { submitAssignment } from "@/lib/queues/assignments";
import { userRater } from "@/lib/queues/queue-rater";

export async function POST(request: Request, context: { params: Promise<{ assignmentId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const body = (await readJsonBody(request)) as { draft?: unknown } | null;
    const result = await submitAssignment({ rater: userRater(actor), origin, assignmentId: (await context.params).assignmentId, draft: body?.draft });
    return Response.json({ eval_id: result.evalId, already_submitted: result.alreadySubmitted }, { status: result.alreadySubmitted ? 200 : 201 });
  });
}
