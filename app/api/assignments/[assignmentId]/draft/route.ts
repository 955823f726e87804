// PUT /api/assignments/:id/draft {base_version, draft}: saves the draft when
// base_version is current; 409 when another tab saved in between.
import { withActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { snakeKeys } from "@/lib/http/snake-case";
import { saveDraft } from "@/lib/queues/assignments";
import { userRater } from "@/lib/queues/queue-rater";

export async function PUT(request: Request, context: { params: Promise<{ assignmentId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const body = (await readJsonBody(request)) as { base_version?: unknown; draft?: unknown } | null;
    const saved = await saveDraft({ rater: userRater(actor), assignmentId: (await context.params).assignmentId, baseVersion: body?.base_version, draft: body?.draft });
    return Response.json(snakeKeys(saved));
  });
}
