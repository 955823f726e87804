// GET /api/exports/:id: one export's status and progress (admin).
import { ExportSchema } from "@/lib/api-schemas/exports";
import { getExport } from "@/lib/export/export-runs";
import { defineRoute } from "@/lib/http/define-route";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/exports/{exportId}",
    id: "getExport",
    tag: "Exports",
    access: "records.export",
    summary: "One export's status",
    responses: { 200: { description: "The export.", schema: ExportSchema } },
    errors: [404],
  },
  async ({ actor, params }) => getExport({ actor, exportId: params.exportId }),
);
