// POST /api/imports/:id/decision {decision: "import_valid_lines" | "discard"}
// for an import with refused lines.
import { withActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { snakeKeys } from "@/lib/http/snake-case";
import { decideImport } from "@/lib/imports/service";

export async function POST(request: Request, context: { params: Promise<{ importId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const { importId } = await context.params;
    const body = (await readJsonBody(request)) as { decision?: unknown } | null;
    return Response.json(snakeKeys(await decideImport({ actor, origin, importId, decision: body?.decision })));
  });
}
