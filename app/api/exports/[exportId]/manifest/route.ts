// GET /api/exports/:id/manifest: filter, count, origin, the file's sha256 and
// every record's (admin); 409 until the export completed.
import { withActor } from "@/lib/http/api-handler";
import { attachmentHeaders } from "@/lib/export/export-format";
import { exportManifest } from "@/lib/export/export-runs";

export async function GET(request: Request, context: { params: Promise<{ exportId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const { exportId } = await context.params;
    const body = await exportManifest({ actor, exportId });
    return new Response(body, { headers: attachmentHeaders(`evalform-export-${exportId.slice(0, 8)}.manifest.json`, "application/json; charset=utf-8") });
  });
}
