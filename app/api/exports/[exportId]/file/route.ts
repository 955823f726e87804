// GET /api/exports/:id/file: the file of an export started with POST
// /api/exports, streamed once as an attachment (admin, the export's creator).
// X-Export-Count says how many records will come; the manifest is at the Link
// once the download completed.
import { withActor } from "@/lib/http/api-handler";
import { exportFileHeaders } from "@/lib/export/export-format";
import { streamPreparedExport } from "@/lib/export/stream-export";

export async function GET(request: Request, context: { params: Promise<{ exportId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const started = await streamPreparedExport({ actor, exportId: (await context.params).exportId });
    return new Response(started.body, {
      headers: {
        ...exportFileHeaders({ exportId: started.exportId, format: started.format }),
        "X-Export-Id": started.exportId,
        "X-Export-Count": String(started.count),
        Link: `</api/exports/${started.exportId}/manifest>; rel="describedby"`,
      },
    });
  });
}
