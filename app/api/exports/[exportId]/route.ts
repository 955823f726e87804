// GET /api/exports/:id: one export's status and progress (admin).
import { withActor } from "@/lib/http/api-handler";
import { getExport } from "@/lib/export/export-runs";

export async function GET(request: Request, context: { params: Promise<{ exportId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => Response.json(await getExport({ actor, exportId: (await context.params).exportId })));
}
