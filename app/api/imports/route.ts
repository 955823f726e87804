// GET /api/imports: recent imports (admin). POST {format, file_name?,
// system_under_test?}: a new import; send its file with PUT /api/imports/:id/file.
import { withActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { snakeKeys } from "@/lib/http/snake-case";
import { createImport, listImports } from "@/lib/imports/service";

export async function GET(request: Request): Promise<Response> {
  return withActor(request, async ({ actor }) =>
    Response.json({ imports: (await listImports({ actor })).map(snakeKeys) }),
  );
}

export async function POST(request: Request): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const created = await createImport({ actor, input: await readJsonBody(request) });
    return Response.json(snakeKeys(created), { status: 201, headers: { Location: `/api/imports/${created.id}` } });
  });
}
