// GET /api/exports/:id/decisions: the review decisions of the export's hybrid
// records as JSONL, one line per field (admin); 409 until the export completed.
import { withActor } from "@/lib/http/api-handler";
import { attachmentHeaders } from "@/lib/export/export-format";
import { exportDecisions } from "@/lib/export/export-runs";

export async function GET(request: Request, context: { params: Promise<{ exportId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const { exportId } = await context.params;
    const body = await exportDecisions({ actor, exportId });
    return new Response(body, { headers: attachmentHeaders(`evalform-export-${exportId.slice(0, 8)}.decisions.jsonl`, "application/x-ndjson; charset=utf-8") });
  });
}
