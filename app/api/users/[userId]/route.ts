// PATCH /api/users/:id (admin): {roles: [...]} sets roles; {disabled: true|false}
// disables (ending every session) or enables the user.
import { AppError } from "@/lib/errors";
import { withActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { disableUser, enableUser, setUserRoles } from "@/lib/users/service";

export async function PATCH(request: Request, context: { params: Promise<{ userId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const { userId } = await context.params;
    const body = (await readJsonBody(request)) as { roles?: unknown; disabled?: unknown } | null;
    if (body && "roles" in body) return Response.json(await setUserRoles({ actor, origin, userId, roles: body.roles }));
    if (body?.disabled === true) return Response.json(await disableUser({ actor, origin, userId }));
    if (body?.disabled === false) return Response.json(await enableUser({ actor, origin, userId }));
    throw new AppError("INVALID_INPUT", "Send {roles: [...]} or {disabled: true|false}", [
      { path: "", rule: "oneOf", message: "Send {roles: [...]} or {disabled: true|false}" },
    ]);
  });
}
