// GET /api/imports/:id/report: the per-line report as a JSON download.
import { withActor } from "@/lib/http/api-handler";
import { snakeKeys } from "@/lib/http/snake-case";
import { getImportReport } from "@/lib/imports/service";

export async function GET(request: Request, context: { params: Promise<{ importId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const { importId } = await context.params;
    const report = await getImportReport({ actor, importId });
    return new Response(JSON.stringify(snakeKeys(report), null, 2), {
      headers: {
        "Content-Type": "application/json",
        "Content-Disposition": `attachment; filename="import-${importId}-report.json"`,
      },
    });
  });
}
