// POST /api/share/:token/assignments/:id/submit {draft}: an end-user rating
// (rater.type end_user, the visitor's id), rate-limited per address.
import { calibrationFeedback } from "@/lib/analytics/calibration-target";
import { DraftSubmitSchema, submittedAnswers, VISITOR_NOTE } from "@/lib/api-schemas/queue";
import { bodyField, defineRoute, reply } from "@/lib/http/define-route";
import { submitAssignment } from "@/lib/queues/assignments";
import { assertAddressWithinLimit } from "@/lib/share-links/service";
import { shareRaterOf, shareRequestOrigin } from "@/lib/share-links/share-request";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/share/{token}/assignments/{assignmentId}/submit",
    id: "submitSharedAssignment",
    tag: "Share-link visitors",
    access: "public",
    summary: "Submit a visitor's rating (rater.type end_user)",
    description: VISITOR_NOTE,
    body: DraftSubmitSchema,
    responses: submittedAnswers,
    errors: [400, 404, 409, 422, 429],
  },
  async ({ request, params, body, ...signed }) => {
    const origin = shareRequestOrigin(request, signed.origin);
    const rater = await shareRaterOf(request, params.token);
    await assertAddressWithinLimit(origin);
    const result = await submitAssignment({
      rater,
      origin,
      assignmentId: params.assignmentId,
      draft: bodyField(body, "draft"),
      activeMs: bodyField(body, "active_ms"),
    });
    // On a gold item the rater learns at once how their scores compare with the expected ones.
    const calibration = result.record ? calibrationFeedback(result.record) : [];
    return reply(
      { eval_id: result.evalId, already_submitted: result.alreadySubmitted, calibration },
      result.alreadySubmitted ? 200 : 201,
    );
  },
);
