// POST /api/assignments/:id/correction {draft}: correct the item you submitted:
// a new record whose derived_from is your latest rating of it.
import { withActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { correctSubmittedAssignment } from "@/lib/queues/correction";
import { userRater } from "@/lib/queues/queue-rater";

export async function POST(request: Request, context: { params: Promise<{ assignmentId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const body = (await readJsonBody(request)) as { draft?: unknown } | null;
    const result = await correctSubmittedAssignment({ rater: userRater(actor), origin, assignmentId: (await context.params).assignmentId, draft: body?.draft });
    return Response.json({ eval_id: result.evalId, derived_from: result.derivedFrom }, { status: 201 });
  });
}
