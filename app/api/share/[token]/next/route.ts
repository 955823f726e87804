// POST /api/share/:token/next (public, a share link): the visitor's next item,
// held for them. Sets the visitor cookie on the first call.
import { NextItemSchema, VISITOR_NOTE } from "@/lib/api-schemas/queue";
import { defineRoute, reply } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { nextItem } from "@/lib/queues/next-item";
import { assertVisitorWithinLimit, newVisitorId, openShareLink, shareRater } from "@/lib/share-links/service";
import { visitorCookie, visitorIdFrom } from "@/lib/share-links/visitor-cookie";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/share/{token}/next",
    id: "nextSharedItem",
    tag: "Share-link visitors",
    access: "public",
    summary: "A visitor's next item",
    description: VISITOR_NOTE,
    responses: {
      200: {
        description: "An assignment, or why there is none (sets the visitor cookie on first use).",
        schema: NextItemSchema,
      },
    },
    errors: [404, 429],
  },
  async ({ request, params }) => {
    const link = await openShareLink(params.token);
    const known = visitorIdFrom(request.headers);
    const visitorId = known ?? newVisitorId();
    const rater = shareRater(link, visitorId);
    await assertVisitorWithinLimit(rater);
    const next = await nextItem({ rater, suiteId: link.suiteId });
    return reply(snakeKeys(next), 200, known ? undefined : { "Set-Cookie": visitorCookie(visitorId) });
  },
);
