// GET /api/tokens: your API tokens. POST {name, roles}: a new token, shown once.
import { createApiToken, listApiTokens } from "@/lib/auth/api-tokens";
import { withActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";

export async function GET(request: Request): Promise<Response> {
  return withActor(request, async ({ actor }) => Response.json({ tokens: await listApiTokens({ actor }) }));
}

export async function POST(request: Request): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const body = (await readJsonBody(request)) as { name?: unknown; roles?: unknown } | null;
    const created = await createApiToken({
      actor,
      origin,
      name: typeof body?.name === "string" ? body.name : "",
      roles: Array.isArray(body?.roles) ? body.roles.map(String) : [],
    });
    return Response.json({ token: created.token, ...created.view }, { status: 201 });
  });
}
