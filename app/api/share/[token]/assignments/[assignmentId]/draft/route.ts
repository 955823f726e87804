// PUT /api/share/:token/assignments/:id/draft {base_version, draft}: the
// visitor's draft, versioned like a rater's.
import { withoutActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { snakeKeys } from "@/lib/http/snake-case";
import { saveDraft } from "@/lib/queues/assignments";
import { shareRaterOf } from "@/lib/share-links/share-request";

export async function PUT(request: Request, context: { params: Promise<{ token: string; assignmentId: string }> }): Promise<Response> {
  return withoutActor(request, async () => {
    const { token, assignmentId } = await context.params;
    const rater = await shareRaterOf(request, token);
    const body = (await readJsonBody(request)) as { base_version?: unknown; draft?: unknown } | null;
    return Response.json(snakeKeys(await saveDraft({ rater, assignmentId, baseVersion: body?.base_version, draft: body?.draft })));
  });
}
