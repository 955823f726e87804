// GET /api/suites/:id/share-links: the suite's links (admin). POST {label}:
// a new link; the answer carries its path, shown this once.
import { z } from "zod";
import { uuid } from "@/lib/api-schemas/common";
import { ShareLinkSchema } from "@/lib/api-schemas/suites";
import { defineRoute, reply } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { createShareLink, listShareLinks } from "@/lib/share-links/service";
import { NewShareLinkInput } from "@/lib/share-links/validation";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/suites/{suiteId}/share-links",
    id: "listShareLinks",
    tag: "Suites",
    access: "suites.manage",
    summary: "The suite's share links",
    responses: { 200: { description: "The links.", schema: z.object({ share_links: z.array(ShareLinkSchema) }) } },
    errors: [404],
  },
  async ({ actor, params }) => ({
    share_links: (await listShareLinks({ actor, suiteId: params.suiteId })).map(snakeKeys),
  }),
);

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/suites/{suiteId}/share-links",
    id: "createShareLink",
    tag: "Suites",
    access: "suites.manage",
    summary: "Create a share link",
    description: "The answer carries the link's path, shown this once.",
    body: NewShareLinkInput,
    responses: {
      201: {
        description: "Created.",
        schema: z.object({ id: uuid(), share_path: z.string().describe("/share/{token}") }),
      },
    },
    errors: [400, 404, 422],
  },
  async ({ actor, origin, params, body }) => {
    const created = await createShareLink({ actor, origin, suiteId: params.suiteId, input: body });
    return reply({ id: created.id, share_path: `/share/${created.token}` }, 201);
  },
);
