// GET /api/imports/:id/report: the per-line report as a JSON download, the
// same for items, records and prefills imports.
import { ImportReportSchema } from "@/lib/api-schemas/imports";
import { header } from "@/lib/api-docs/operation";
import { defineRoute, reply } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { getImportReport } from "@/lib/imports/service";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/imports/{importId}/report",
    id: "getImportReport",
    tag: "Item imports",
    access: "items.import",
    summary: "The per-line report, as a download",
    responses: {
      200: {
        description: "The report.",
        schema: ImportReportSchema,
        headers: { "Content-Disposition": header('attachment; filename="import-{id}-report.json"') },
      },
    },
    errors: [404],
  },
  async ({ actor, params }) => {
    const report = await getImportReport({ actor, importId: params.importId });
    return reply(snakeKeys(report), 200, {
      "Content-Disposition": `attachment; filename="import-${params.importId}-report.json"`,
    });
  },
);
