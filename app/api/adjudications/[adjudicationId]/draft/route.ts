// PUT /api/adjudications/:id/draft {base_version, draft}: saves the
// adjudicator's draft when base_version is current; 409 when another tab saved in between.
import { saveAdjudicationDraft } from "@/lib/adjudication/service";
import { DraftSaveSchema, SavedDraftSchema } from "@/lib/api-schemas/queue";
import { bodyField, defineRoute } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";

export const PUT = defineRoute(
  {
    method: "PUT",
    path: "/api/adjudications/{adjudicationId}/draft",
    id: "saveAdjudicationDraft",
    tag: "Adjudication",
    access: "adjudicate",
    summary: "Save the adjudication draft",
    body: DraftSaveSchema,
    responses: { 200: { description: "Saved.", schema: SavedDraftSchema } },
    errors: [400, 404, 409, 413, 422],
  },
  async ({ actor, params, body }) =>
    snakeKeys(
      await saveAdjudicationDraft({
        actor,
        id: params.adjudicationId,
        baseVersion: bodyField(body, "base_version"),
        draft: bodyField(body, "draft"),
        activeMs: bodyField(body, "active_ms"),
      }),
    ),
);
