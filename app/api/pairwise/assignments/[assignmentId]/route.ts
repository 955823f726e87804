// GET /api/pairwise/assignments/:id: the pair as the rater sees it (blind).
import { PairAssignmentSchema } from "@/lib/api-schemas/pairwise";
import { defineRoute } from "@/lib/http/define-route";
import { getPairAssignment } from "@/lib/pairwise/pairs";
import { deepSnakeKeys } from "@/lib/pairwise/snake-json";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/pairwise/assignments/{assignmentId}",
    id: "getPairAssignment",
    tag: "Pairwise comparison",
    access: "queue.work",
    summary: "A pair held for you: the task once and Response 1 / Response 2",
    responses: { 200: { description: "The pair.", schema: PairAssignmentSchema } },
    errors: [404],
  },
  async ({ actor, params }) => {
    const view = await getPairAssignment({ actor, assignmentId: params.assignmentId });
    // The transcripts and task are item content: passed through as stored, not renamed.
    return {
      ...(deepSnakeKeys({ ...view, task: null, responses: null }) as object),
      task: view.task,
      responses: view.responses,
    };
  },
);
