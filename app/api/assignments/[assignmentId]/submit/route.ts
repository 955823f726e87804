// POST /api/assignments/:id/submit {draft}: stores the rating as a record.
// Repeating it answers with the same eval_id (200 instead of 201).
import { calibrationFeedback } from "@/lib/analytics/calibration-target";
import { DraftSubmitSchema, submittedAnswers } from "@/lib/api-schemas/queue";
import { bodyField, defineRoute, reply } from "@/lib/http/define-route";
import { submitAssignment } from "@/lib/queues/assignments";
import { userRater } from "@/lib/queues/queue-rater";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/assignments/{assignmentId}/submit",
    id: "submitAssignment",
    tag: "Rating queue",
    access: "queue.work",
    summary: "Submit the assignment as a record",
    body: DraftSubmitSchema,
    responses: submittedAnswers,
    errors: [400, 404, 409, 422],
  },
  async ({ actor, origin, params, body }) => {
    const result = await submitAssignment({
      rater: userRater(actor),
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
