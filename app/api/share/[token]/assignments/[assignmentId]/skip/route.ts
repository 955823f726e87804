// POST /api/share/:token/assignments/:id/skip {reason, comment?}: a visitor skips the held item.
import { withoutActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { skipAssignment } from "@/lib/queues/skip";
import { assertAddressWithinLimit } from "@/lib/share-links/service";
import { shareRaterOf } from "@/lib/share-links/share-request";

export async function POST(request: Request, context: { params: Promise<{ token: string; assignmentId: string }> }): Promise<Response> {
  return withoutActor(request, async ({ origin }) => {
    const { token, assignmentId } = await context.params;
    const rater = await shareRaterOf(request, token);
    await assertAddressWithinLimit(origin);
    return Response.json(await skipAssignment({ rater, origin, assignmentId, input: await readJsonBody(request) }));
  });
}
