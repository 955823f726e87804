// GET /api/assignments/:id: the caller's assignment with its item and draft.
import { withActor } from "@/lib/http/api-handler";
import { snakeKeys } from "@/lib/http/snake-case";
import { getAssignment } from "@/lib/queues/assignments";
import { userRater } from "@/lib/queues/queue-rater";

export async function GET(request: Request, context: { params: Promise<{ assignmentId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => Response.json(snakeKeys(await getAssignment({ rater: userRater(actor), assignmentId: (await context.params).assignmentId }))));
}
