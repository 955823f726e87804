// POST /api/suites/:id/next: the caller's next item of the suite, held for
// them: {assignment_id, resumed} or {assignment_id: null, reason}.
import { withActor } from "@/lib/http/api-handler";
import { snakeKeys } from "@/lib/http/snake-case";
import { nextItem } from "@/lib/queues/next-item";
import { userRater } from "@/lib/queues/queue-rater";

export async function POST(request: Request, context: { params: Promise<{ suiteId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => Response.json(snakeKeys(await nextItem({ rater: userRater(actor), suiteId: (await context.params).suiteId }))));
}
