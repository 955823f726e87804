// POST /api/share/:token/next (public, a share link): the visitor's next item,
// held for them. Sets the visitor cookie on the first call.
import { withoutActor } from "@/lib/http/api-handler";
import { snakeKeys } from "@/lib/http/snake-case";
import { nextItem } from "@/lib/queues/next-item";
import { assertVisitorWithinLimit, newVisitorId, openShareLink, shareRater } from "@/lib/share-links/service";
import { visitorCookie, visitorIdFrom } from "@/lib/share-links/visitor-cookie";

export async function POST(request: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  return withoutActor(request, async () => {
    const link = await openShareLink((await context.params).token);
    const known = visitorIdFrom(request.headers);
    const visitorId = known ?? newVisitorId();
    const rater = shareRater(link, visitorId);
    await assertVisitorWithinLimit(rater);
    const next = await nextItem({ rater, suiteId: link.suiteId });
    return Response.json(snakeKeys(next), { headers: known ? undefined : { "Set-Cookie": visitorCookie(visitorId) } });
  });
}
