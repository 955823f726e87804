// POST /api/assignments/:id/submit {draft}: stores the rating as a record.
// Repeating it answers with the same eval_id (200 instead of 201).
import { calibrationFeedback } from "@/lib/analytics/calibration-target";
import { withActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { submitAssignment } from "@/lib/queues/assignments";
import { userRater } from "@/lib/queues/queue-rater";

export async function POST(request: Request, context: { params: Promise<{ assignmentId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const body = (await readJsonBody(request)) as { draft?: unknown } | null;
    const result = await submitAssignment({ rater: userRater(actor), origin, assignmentId: (await context.params).assignmentId, draft: body?.draft });
    // On a gold item the rater learns at once how their scores compare with the expected ones.
    const calibration = result.record ? calibrationFeedback(result.record) : [];
    return Response.json({ eval_id: result.evalId, already_submitted: result.alreadySubmitted, calibration }, { status: result.alreadySubmitted ? 200 : 201 });
  });
}
