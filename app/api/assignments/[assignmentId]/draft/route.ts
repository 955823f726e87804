// PUT /api/assignments/:id/draft {base_version, draft}: saves the draft when
// base_version is current; 409 when another tab saved in between.
import { DraftSaveSchema, SavedDraftSchema } from "@/lib/api-schemas/queue";
import { bodyField, defineRoute } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { saveDraft } from "@/lib/queues/assignments";
import { userRater } from "@/lib/queues/queue-rater";

export const PUT = defineRoute(
  {
    method: "PUT",
    path: "/api/assignments/{assignmentId}/draft",
    id: "saveDraft",
    tag: "Rating queue",
    access: "queue.work",
    summary: "Save the draft",
    body: DraftSaveSchema,
    responses: { 200: { description: "Saved.", schema: SavedDraftSchema } },
    errors: [400, 404, 409, 413, 422],
  },
  async ({ actor, params, body }) =>
    snakeKeys(
      await saveDraft({
        rater: userRater(actor),
        assignmentId: params.assignmentId,
        baseVersion: bodyField(body, "base_version"),
        draft: bodyField(body, "draft"),
        activeMs: bodyField(body, "active_ms"),
      }),
    ),
);
