// GET /api/exports/:id/work-times: the work-time sidecar of the export's records
// as JSONL, one line per record a person produced through a work item (admin);
// 409 until the export completed.
import { ref } from "@/lib/api-docs/json-schema";
import { ndjson } from "@/lib/api-docs/operation";
import { WorkTimeLineSchema } from "@/lib/api-schemas/exports";
import { attachmentHeaders } from "@/lib/export/export-format";
import { exportWorkTimes } from "@/lib/export/work-time-sidecar";
import { defineRoute } from "@/lib/http/define-route";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/exports/{exportId}/work-times",
    id: "getExportWorkTimes",
    tag: "Exports",
    access: "records.export",
    summary: "Time on item of the export's records (sidecar)",
    description:
      "One line per record in the export that a person produced through a work item (assignment, review, adjudication, pair), in file order: when it was claimed and submitted, and the active time the page reported as the server bounded it (never more than the time that passed). Records of judges and imports have no line. 409 until the export is complete.",
    responses: {
      200: {
        description: "JSON Lines (as an attachment).",
        content: { "application/x-ndjson": ndjson(ref("WorkTimeLine"), "One record's time per line.") },
        uses: [WorkTimeLineSchema],
      },
    },
    errors: [404, 409],
  },
  async ({ actor, params }) => {
    const body = await exportWorkTimes({ actor, exportId: params.exportId });
    return new Response(body, {
      headers: attachmentHeaders(
        `evalform-export-${params.exportId.slice(0, 8)}.work-times.jsonl`,
        "application/x-ndjson; charset=utf-8",
      ),
    });
  },
);
