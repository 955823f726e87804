// GET /api/imports/:id: status and counts (polled for the progress bar).
import { withActor } from "@/lib/http/api-handler";
import { snakeKeys } from "@/lib/http/snake-case";
import { getImport } from "@/lib/imports/service";

export async function GET(request: Request, context: { params: Promise<{ importId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) =>
    Response.json(snakeKeys(await getImport({ actor, importId: (await context.params).importId }))),
  );
}
