// POST /api/suites/:id/next: the caller's next item of the suite, held for
// them: {assignment_id, resumed} or {assignment_id: null, reason}.
import { NextItemSchema } from "@/lib/api-schemas/queue";
import { defineRoute } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { nextItem } from "@/lib/queues/next-item";
import { userRater } from "@/lib/queues/queue-rater";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/suites/{suiteId}/next",
    id: "nextItem",
    tag: "Rating queue",
    access: "queue.work",
    summary: "Your next item of a suite, held for you",
    responses: { 200: { description: "An assignment, or why there is none.", schema: NextItemSchema } },
    errors: [404],
  },
  async ({ actor, params }) => snakeKeys(await nextItem({ rater: userRater(actor), suiteId: params.suiteId })),
);
