// GET /api/tokens: your API tokens. POST {name, roles}: a new token, shown once.
import { z } from "zod";
import { ApiTokenSchema, rolesInput } from "@/lib/api-schemas/accounts";
import { createApiToken, listApiTokens } from "@/lib/auth/api-tokens";
import { bodyField, defineRoute, reply } from "@/lib/http/define-route";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/tokens",
    id: "listTokens",
    tag: "Users and tokens",
    access: "tokens.manage_own",
    summary: "Your API tokens",
    responses: { 200: { description: "Your tokens.", schema: z.object({ tokens: z.array(ApiTokenSchema) }) } },
  },
  async ({ actor }) => ({ tokens: await listApiTokens({ actor }) }),
);

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/tokens",
    id: "createToken",
    tag: "Users and tokens",
    access: "tokens.manage_own",
    sessionOnly: true,
    summary: "Create an API token",
    description:
      "From a signed-in session only (a token cannot mint tokens). The token carries roles you hold and is returned this once.",
    body: z.object({ name: z.string().min(1).max(100), roles: rolesInput() }),
    responses: {
      201: {
        description: "Created.",
        schema: ApiTokenSchema.extend({
          token: z.string().describe("the secret: send it as Authorization: Bearer <token>"),
        }),
      },
    },
    errors: [400, 422],
  },
  async ({ actor, origin, body }) => {
    const name = bodyField(body, "name");
    const roles = bodyField(body, "roles");
    const created = await createApiToken({
      actor,
      origin,
      name: typeof name === "string" ? name : "",
      roles: Array.isArray(roles) ? roles.map(String) : [],
    });
    return reply({ token: created.token, ...created.view }, 201);
  },
);
