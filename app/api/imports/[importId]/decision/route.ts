// POST /api/imports/:id/decision {decision: "import_valid_lines" | "discard"}
// for an import with refused lines.
import { AppError } from "@/lib/errors";
import { withActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { snakeKeys } from "@/lib/http/snake-case";
import { commitImport, discardImport } from "@/lib/imports/service";

export async function POST(request: Request, context: { params: Promise<{ importId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const { importId } = await context.params;
    const body = (await readJsonBody(request)) as { decision?: unknown } | null;
    if (body?.decision === "import_valid_lines") return Response.json(snakeKeys(await commitImport({ actor, origin, importId })));
    if (body?.decision === "discard") return Response.json(snakeKeys(await discardImport({ actor, origin, importId })));
    throw new AppError("INVALID_INPUT", "Choose what to do with the import", [
      { path: "/decision", rule: "enum", message: 'must be "import_valid_lines" or "discard"' },
    ]);
  });
}
