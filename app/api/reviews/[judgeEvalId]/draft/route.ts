// PUT /api/reviews/:judgeEvalId/draft {base_version, draft}: saves the SME's
// draft when base_version is current; 409 when another tab saved in between.
import { DraftSaveSchema, SavedDraftSchema } from "@/lib/api-schemas/queue";
import { bodyField, defineRoute } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { saveReviewDraft } from "@/lib/review/review-tasks";

export const PUT = defineRoute(
  {
    method: "PUT",
    path: "/api/reviews/{judgeEvalId}/draft",
    id: "saveReviewDraft",
    tag: "Review",
    access: "review.work",
    summary: "Save the review draft",
    body: DraftSaveSchema,
    responses: { 200: { description: "Saved.", schema: SavedDraftSchema } },
    errors: [400, 404, 409, 413, 422],
  },
  async ({ actor, params, body }) =>
    snakeKeys(
      await saveReviewDraft({
        actor,
        judgeEvalId: params.judgeEvalId,
        baseVersion: bodyField(body, "base_version"),
        draft: bodyField(body, "draft"),
        activeMs: bodyField(body, "active_ms"),
      }),
    ),
);
