// GET /api/assignments/:id: the caller's assignment with its item and draft.
import { AssignmentSchema } from "@/lib/api-schemas/queue";
import { defineRoute } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { getAssignment } from "@/lib/queues/assignments";
import { userRater } from "@/lib/queues/queue-rater";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/assignments/{assignmentId}",
    id: "getAssignment",
    tag: "Rating queue",
    access: "queue.work",
    summary: "Your assignment with its item and draft",
    responses: { 200: { description: "The assignment.", schema: AssignmentSchema } },
    errors: [404],
  },
  async ({ actor, params }) =>
    snakeKeys(await getAssignment({ rater: userRater(actor), assignmentId: params.assignmentId })),
);
