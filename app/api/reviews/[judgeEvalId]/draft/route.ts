// PUT /api/reviews/:judgeEvalId/draft {base_version, draft}: saves the SME's
// draft when base_version is current; 409 when another tab saved in between.
import { withActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { snakeKeys } from "@/lib/http/snake-case";
import { saveReviewDraft } from "@/lib/review/review-tasks";

export async function PUT(request: Request, context: { params: Promise<{ judgeEvalId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const body = (await readJsonBody(request)) as { base_version?: unknown; draft?: unknown } | null;
    const saved = await saveReviewDraft({ actor, judgeEvalId: (await context.params).judgeEvalId, baseVersion: body?.base_version, draft: body?.draft });
    return Response.json(snakeKeys(saved));
  });
}
