// GET /api/reviews/:judgeEvalId: a prefill the SME holds: item, judge record, draft.
import { withActor } from "@/lib/http/api-handler";
import { snakeKeys } from "@/lib/http/snake-case";
import { getReviewTask } from "@/lib/review/review-tasks";

export async function GET(request: Request, context: { params: Promise<{ judgeEvalId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => Response.json(snakeKeys(await getReviewTask({ actor, judgeEvalId: (await context.params).judgeEvalId }))));
}
