// GET /api/export?format=jsonl|json&<record filter>: streams the records as an
// attachment (admin). X-Export-Count says how many will come; the manifest is
// at the Link once the download completed.
import { withActor } from "@/lib/http/api-handler";
import { attachmentHeaders, EXPORT_CONTENT_TYPE, parseExportFormat } from "@/lib/export/export-format";
import { parseRecordFilter } from "@/lib/export/record-filter";
import { startRecordExport } from "@/lib/export/stream-export";

export async function GET(request: Request): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const params = new URL(request.url).searchParams;
    const format = parseExportFormat(params.get("format"));
    const filter = parseRecordFilter(params, ["format"]);
    const started = await startRecordExport({ actor, origin, filter, format });
    const fileName = `evalform-records-${new Date().toISOString().slice(0, 10)}-${started.exportId.slice(0, 8)}.${format}`;
    return new Response(started.body, {
      headers: {
        ...attachmentHeaders(fileName, EXPORT_CONTENT_TYPE[format]),
        "X-Export-Id": started.exportId,
        "X-Export-Count": String(started.count),
        Link: `</api/exports/${started.exportId}/manifest>; rel="describedby"`,
      },
    });
  });
}
