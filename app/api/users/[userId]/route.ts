// PATCH /api/users/:id (admin): {roles: [...]} sets roles; {disabled: true|false}
// disables (ending every session) or enables the user.
import { z } from "zod";
import { rolesInput, UserSchema } from "@/lib/api-schemas/accounts";
import { AppError } from "@/lib/errors";
import { defineRoute } from "@/lib/http/define-route";
import { disableUser, enableUser, setUserRoles } from "@/lib/users/service";

export const PATCH = defineRoute(
  {
    method: "PATCH",
    path: "/api/users/{userId}",
    id: "updateUser",
    tag: "Users and tokens",
    access: "users.manage",
    summary: "Set a user's roles, or disable or enable them",
    description:
      "Disabling ends every session of the user and stops their API tokens. The last enabled admin cannot be disabled or lose the admin role (409).",
    body: z.union([z.object({ roles: rolesInput() }), z.object({ disabled: z.boolean() })]),
    responses: { 200: { description: "The user.", schema: UserSchema } },
    errors: [400, 404, 409, 422],
  },
  async ({ actor, origin, params, body }) => {
    const { userId } = params;
    const fields = (body ?? null) as { roles?: unknown; disabled?: unknown } | null;
    if (fields && typeof fields === "object" && "roles" in fields)
      return setUserRoles({ actor, origin, userId, roles: fields.roles });
    if (fields?.disabled === true) return disableUser({ actor, origin, userId });
    if (fields?.disabled === false) return enableUser({ actor, origin, userId });
    throw new AppError("INVALID_INPUT", "Send {roles: [...]} or {disabled: true|false}", [
      { path: "", rule: "oneOf", message: "Send {roles: [...]} or {disabled: true|false}" },
    ]);
  },
);
