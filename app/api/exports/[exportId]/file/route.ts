// GET /api/exports/:id/file: the file of an export started with POST
// /api/exports, streamed once as an attachment (admin, the export's creator).
// X-Export-Count says how many records will come; the manifest is at the Link
// once the download completed. HEAD uses nothing up; another site cannot fetch it.
import { arrayOf, ref, type JsonSchema } from "@/lib/api-docs/json-schema";
import { header, ndjson } from "@/lib/api-docs/operation";
import { exportFileHeaders } from "@/lib/export/export-format";
import type { ExportFormat } from "@/lib/export/formats/format";
import { EXPORT_FORMATS } from "@/lib/export/formats/registry";
import { describePreparedExport, streamPreparedExport } from "@/lib/export/stream-export";
import { defineRoute } from "@/lib/http/define-route";

/** A format's file as a response body, described by its layout. */
function fileContent(entry: ExportFormat): JsonSchema {
  const note = `format=${entry.id}.`;
  if (entry.layout === "lines") return ndjson(ref("AifRecord"), note);
  if (entry.layout === "array") return { schema: arrayOf(ref("AifRecord"), `format=${entry.id}`) };
  return { schema: { type: "string", description: `${note} ${entry.description ?? `${entry.label}.`}` } };
}

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/exports/{exportId}/file",
    id: "downloadExport",
    tag: "Exports",
    access: "records.export",
    summary: "Download a prepared export's records",
    description:
      "Streams the records exactly as stored, from one snapshot taken now, as an attachment; once per export (409 afterwards), by the admin who started it. The manifest (Link header) lists every record's hash once the download completed. HEAD answers the headers (without X-Export-Count) and does not use up the download; a request with Sec-Fetch-Site: cross-site is refused (403).",
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
        content: Object.fromEntries(EXPORT_FORMATS.map((entry) => [entry.mediaType, fileContent(entry)])),
      },
    },
    errors: [403, 404, 409, 503],
  },
  async ({ actor, params, request }) => {
    const fetchSite = request.headers.get("sec-fetch-site");
    // Next answers HEAD with this handler (the body dropped): a HEAD must not use up the one download.
    if (request.method === "HEAD") {
      const described = await describePreparedExport({ actor, exportId: params.exportId, fetchSite });
      return new Response(null, {
        headers: {
          ...exportFileHeaders(described),
          "X-Export-Id": described.exportId,
          Link: `</api/exports/${described.exportId}/manifest>; rel="describedby"`,
        },
      });
    }
    const started = await streamPreparedExport({ actor, exportId: params.exportId, fetchSite });
    return new Response(started.body, {
      headers: {
        ...exportFileHeaders({ exportId: started.exportId, format: started.format }),
        "X-Export-Id": started.exportId,
        "X-Export-Count": String(started.count),
        Link: `</api/exports/${started.exportId}/manifest>; rel="describedby"`,
      },
    });
  },
);
