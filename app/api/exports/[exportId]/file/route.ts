// GET /api/exports/:id/file: the file of an export started with POST
// /api/exports, streamed once as an attachment (admin, the export's creator).
// X-Export-Count says how many records will come; the manifest is at the Link
// once the download completed.
import { arrayOf, ref } from "@/lib/api-docs/json-schema";
import { header, ndjson } from "@/lib/api-docs/operation";
import { attachmentHeaders, EXPORT_CONTENT_TYPE } from "@/lib/export/export-format";
import { streamPreparedExport } from "@/lib/export/stream-export";
import { defineRoute } from "@/lib/http/define-route";

export const GET = defineRoute(
  {
    method: "GET", path: "/api/exports/{exportId}/file", id: "downloadExport", tag: "Exports", access: "records.export",
    summary: "Download a prepared export's records",
    description: "Streams the records exactly as stored, from one snapshot taken now, as an attachment; once per export (409 afterwards), by the admin who started it. The manifest (Link header) lists every record's hash once the download completed.",
    responses: {
      200: {
        description: "The records.",
        headers: {
          "X-Export-Id": header("the export's id"),
          "X-Export-Count": header("records the filter matched", { type: "integer" }),
          Link: header('</api/exports/{id}/manifest>; rel="describedby"'),
          "Content-Disposition": header("attachment; filename=…"),
          "Cache-Control": header("no-store, no-transform: the file's sha256 is of these exact bytes"),
        },
        content: {
          "application/x-ndjson": ndjson(ref("AifRecord"), "format=jsonl."),
          "application/json": { schema: arrayOf(ref("AifRecord"), "format=json") },
        },
      },
    },
    errors: [404, 409, 503],
  },
  async ({ actor, params }) => {
    const started = await streamPreparedExport({ actor, exportId: params.exportId });
    const fileName = `evalform-records-${new Date().toISOString().slice(0, 10)}-${started.exportId.slice(0, 8)}.${started.format}`;
    return new Response(started.body, {
      headers: {
        ...attachmentHeaders(fileName, EXPORT_CONTENT_TYPE[started.format]),
        "X-Export-Id": started.exportId,
        "X-Export-Count": String(started.count),
        Link: `</api/exports/${started.exportId}/manifest>; rel="describedby"`,
      },
    });
  },
);
