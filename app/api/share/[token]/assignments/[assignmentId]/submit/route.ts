// POST /api/share/:token/assignments/:id/submit {draft}: an end-user rating
// (rater.type end_user, the visitor's id), rate-limited per address.
import { calibrationFeedback } from "@/lib/analytics/calibration-target";
import { withoutActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { submitAssignment } from "@/lib/queues/assignments";
import { assertAddressWithinLimit } from "@/lib/share-links/service";
import { shareRaterOf, shareRequestOrigin } from "@/lib/share-links/share-request";

export async function POST(request: Request, context: { params: Promise<{ token: string; assignmentId: string }> }): Promise<Response> {
  return withoutActor(request, async (handler) => {
    const origin = shareRequestOrigin(request, handler.origin);
    const { token, assignmentId } = await context.params;
    const rater = await shareRaterOf(request, token);
    await assertAddressWithinLimit(origin);
    const body = (await readJsonBody(request)) as { draft?: unknown } | null;
    const result = await submitAssignment({ rater, origin, assignmentId, draft: body?.draft });
    // On a gold item the rater learns at once how their scores compare with the expected ones.
    const calibration = result.record ? calibrationFeedback(result.record) : [];
    return Response.json({ eval_id: result.evalId, already_submitted: result.alreadySubmitted, calibration }, { status: result.alreadySubmitted ? 200 : 201 });
  });
}
