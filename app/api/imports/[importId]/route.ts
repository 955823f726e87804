// GET /api/imports/:id: status and counts (polled for the progress bar).
import { ImportSummarySchema } from "@/lib/api-schemas/imports";
import { defineRoute } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { getImport } from "@/lib/imports/service";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/imports/{importId}",
    id: "getImport",
    tag: "Item imports",
    access: "items.import",
    summary: "An import's status and counts (poll it for progress)",
    responses: { 200: { description: "The import.", schema: ImportSummarySchema } },
    errors: [404],
  },
  async ({ actor, params }) => snakeKeys(await getImport({ actor, importId: params.importId })),
);
