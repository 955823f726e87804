// POST /api/suites/:id/review-next: the SME's next prefill of the suite, held
// for them: {judge_eval_id} or {judge_eval_id: null} when none is left.
import { withActor } from "@/lib/http/api-handler";
import { nextReviewTask } from "@/lib/review/review-tasks";

export async function POST(request: Request, context: { params: Promise<{ suiteId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => Response.json({ judge_eval_id: await nextReviewTask({ actor, suiteId: (await context.params).suiteId }) }));
}
