// POST /api/invitations/:token {name, password}: accept an invitation (public:
// the unguessable token is the credential).
import { withoutActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { acceptInvitation } from "@/lib/users/service";

export async function POST(request: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  return withoutActor(request, async ({ origin }) => {
    const { token } = await context.params;
    const body = (await readJsonBody(request)) as { name?: unknown; password?: unknown } | null;
    const user = await acceptInvitation({ token, origin, name: body?.name, password: body?.password });
    return Response.json({ email: user.email, roles: user.roles }, { status: 201 });
  });
}
