// GET /api/suites/:id/share-links: the suite's links (admin). POST {label}:
// a new link; the answer carries its path, shown this once.
import { withActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { snakeKeys } from "@/lib/http/snake-case";
import { createShareLink, listShareLinks } from "@/lib/share-links/service";

export async function GET(request: Request, context: { params: Promise<{ suiteId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => Response.json({ share_links: (await listShareLinks({ actor, suiteId: (await context.params).suiteId })).map(snakeKeys) }));
}

export async function POST(request: Request, context: { params: Promise<{ suiteId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const created = await createShareLink({ actor, origin, suiteId: (await context.params).suiteId, input: await readJsonBody(request) });
    return Response.json({ id: created.id, share_path: `/share/${created.token}` }, { status: 201 });
  });
}
