// POST /api/assignments/:id/skip {reason, comment?}: skip the held item with a
// reason; it goes back to the queue for others.
import { withActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { userRater } from "@/lib/queues/queue-rater";
import { skipAssignment } from "@/lib/queues/skip";

export async function POST(request: Request, context: { params: Promise<{ assignmentId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const result = await skipAssignment({ rater: userRater(actor), origin, assignmentId: (await context.params).assignmentId, input: await readJsonBody(request) });
    return Response.json(result);
  });
}
