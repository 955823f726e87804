// PUT /api/share/:token/assignments/:id/draft {base_version, draft}: the
// visitor's draft, versioned like a rater's.
import { DraftSaveSchema, SavedDraftSchema, VISITOR_NOTE } from "@/lib/api-schemas/queue";
import { bodyField, defineRoute } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { saveDraft } from "@/lib/queues/assignments";
import { shareRaterOf } from "@/lib/share-links/share-request";

export const PUT = defineRoute(
  {
    method: "PUT",
    path: "/api/share/{token}/assignments/{assignmentId}/draft",
    id: "saveSharedDraft",
    tag: "Share-link visitors",
    access: "public",
    summary: "Save a visitor's draft",
    description: VISITOR_NOTE,
    body: DraftSaveSchema,
    responses: { 200: { description: "Saved.", schema: SavedDraftSchema } },
    errors: [400, 404, 409, 413, 422],
  },
  async ({ request, params, body }) => {
    const rater = await shareRaterOf(request, params.token);
    return snakeKeys(
      await saveDraft({
        rater,
        assignmentId: params.assignmentId,
        baseVersion: bodyField(body, "base_version"),
        draft: bodyField(body, "draft"),
        activeMs: bodyField(body, "active_ms"),
      }),
    );
  },
);
