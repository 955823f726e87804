// GET /api/users: all users (admin). POST: invite {email, roles}; the answer
// carries the invitation link's token, shown this once.
import { withActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { inviteUser, listUsers } from "@/lib/users/service";

export async function GET(request: Request): Promise<Response> {
  return withActor(request, async ({ actor }) => Response.json({ users: await listUsers({ actor }) }));
}

export async function POST(request: Request): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const body = (await readJsonBody(request)) as { email?: unknown; roles?: unknown } | null;
    const invitation = await inviteUser({ actor, origin, email: body?.email, roles: body?.roles });
    return Response.json(
      { email: invitation.email, roles: invitation.roles, expires_at: invitation.expiresAt, invite_path: `/invite/${invitation.token}` },
      { status: 201 },
    );
  });
}
