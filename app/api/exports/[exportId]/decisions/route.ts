// GET /api/exports/:id/decisions: the review decisions of the export's hybrid
// records as JSONL, one line per field (admin); 409 until the export completed.
import { ref } from "@/lib/api-docs/json-schema";
import { ndjson } from "@/lib/api-docs/operation";
import { ReviewDecisionLineSchema } from "@/lib/api-schemas/exports";
import { attachmentHeaders } from "@/lib/export/export-format";
import { exportDecisions } from "@/lib/export/export-runs";
import { defineRoute } from "@/lib/http/define-route";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/exports/{exportId}/decisions",
    id: "getExportDecisions",
    tag: "Exports",
    access: "records.export",
    summary: "Review decisions of the export's hybrid records (sidecar)",
    description:
      "One line per decision an SME made on a judge's field, for every hybrid record in the export, in file order; the records themselves stay exactly schema-valid. 409 until the export is complete.",
    responses: {
      200: {
        description: "JSON Lines (as an attachment).",
        content: { "application/x-ndjson": ndjson(ref("ReviewDecisionLine"), "One decision per line.") },
        uses: [ReviewDecisionLineSchema],
      },
    },
    errors: [404, 409],
  },
  async ({ actor, params }) => {
    const body = await exportDecisions({ actor, exportId: params.exportId });
    return new Response(body, {
      headers: attachmentHeaders(
        `evalform-export-${params.exportId.slice(0, 8)}.decisions.jsonl`,
        "application/x-ndjson; charset=utf-8",
      ),
    });
  },
);
