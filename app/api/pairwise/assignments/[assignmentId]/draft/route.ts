// PUT /api/pairwise/assignments/:id/draft {base_version, draft}: saves the
// pair's draft when base_version is current; 409 when another tab saved in between.
import { SavedDraftSchema } from "@/lib/api-schemas/queue";
import { PairDraftSaveSchema } from "@/lib/api-schemas/pairwise";
import { bodyField, defineRoute } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { savePairDraft } from "@/lib/pairwise/pair-draft";

export const PUT = defineRoute(
  {
    method: "PUT",
    path: "/api/pairwise/assignments/{assignmentId}/draft",
    id: "savePairDraft",
    tag: "Pairwise comparison",
    access: "queue.work",
    summary: "Save the pair's draft",
    body: PairDraftSaveSchema,
    responses: { 200: { description: "Saved.", schema: SavedDraftSchema } },
    errors: [400, 404, 409, 413, 422],
  },
  async ({ actor, params, body }) =>
    snakeKeys(
      await savePairDraft({
        actor,
        assignmentId: params.assignmentId,
        baseVersion: bodyField(body, "base_version"),
        draft: bodyField(body, "draft"),
        activeMs: bodyField(body, "active_ms"),
      }),
    ),
);
