// GET /api/exports/:id/adjudications: the adjudication sidecar of the export's
// authoritative records as JSONL, one line per record (admin); 409 until the export completed.
import { ref } from "@/lib/api-docs/json-schema";
import { ndjson } from "@/lib/api-docs/operation";
import { AdjudicationLineSchema } from "@/lib/api-schemas/exports";
import { attachmentHeaders } from "@/lib/export/export-format";
import { exportAdjudications } from "@/lib/export/export-runs";
import { defineRoute } from "@/lib/http/define-route";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/exports/{exportId}/adjudications",
    id: "getExportAdjudications",
    tag: "Exports",
    access: "records.export",
    summary: "Adjudications of the export's authoritative records (sidecar)",
    description:
      "One line per authoritative record in the export, in file order: every source eval_id, the source marked closest, and per field kept (from which sources), edited or removed. 409 until the export is complete.",
    responses: {
      200: {
        description: "JSON Lines (as an attachment).",
        content: { "application/x-ndjson": ndjson(ref("AdjudicationLine"), "One adjudication per line.") },
        uses: [AdjudicationLineSchema],
      },
    },
    errors: [404, 409],
  },
  async ({ actor, params }) => {
    const body = await exportAdjudications({ actor, exportId: params.exportId });
    return new Response(body, {
      headers: attachmentHeaders(
        `evalform-export-${params.exportId.slice(0, 8)}.adjudications.jsonl`,
        "application/x-ndjson; charset=utf-8",
      ),
    });
  },
);
