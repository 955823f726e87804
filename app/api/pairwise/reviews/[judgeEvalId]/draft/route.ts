// PUT /api/pairwise/reviews/:id/draft {base_version, draft}: saves the SME's
// draft of a pair review when base_version is current; 409 otherwise.
import { SavedDraftSchema } from "@/lib/api-schemas/queue";
import { PairDraftSaveSchema } from "@/lib/api-schemas/pairwise";
import { bodyField, defineRoute } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { savePairReviewDraft } from "@/lib/pairwise/pair-review";

export const PUT = defineRoute(
  {
    method: "PUT",
    path: "/api/pairwise/reviews/{judgeEvalId}/draft",
    id: "savePairReviewDraft",
    tag: "Pairwise comparison",
    access: "review.work",
    summary: "Save the pair review's draft",
    body: PairDraftSaveSchema,
    responses: { 200: { description: "Saved.", schema: SavedDraftSchema } },
    errors: [400, 404, 409, 413, 422],
  },
  async ({ actor, params, body }) =>
    snakeKeys(
      await savePairReviewDraft({
        actor,
        judgeEvalId: params.judgeEvalId,
        baseVersion: bodyField(body, "base_version"),
        draft: bodyField(body, "draft"),
        activeMs: bodyField(body, "active_ms"),
      }),
    ),
);
