// DELETE /api/suites/:id/holds/:assignmentId: end a rater's hold on an item now (admin).
import { defineRoute } from "@/lib/http/define-route";
import { releaseSuiteHold } from "@/lib/suites/item-progress";

export const DELETE = defineRoute(
  {
    method: "DELETE",
    path: "/api/suites/{suiteId}/holds/{assignmentId}",
    id: "releaseSuiteHold",
    tag: "Suites",
    access: "suites.manage",
    summary: "Release a hold: the item returns to the pool, the holder's draft stays",
    responses: { 204: { description: "Released." } },
    errors: [404],
  },
  async ({ actor, origin, params }) => {
    await releaseSuiteHold({ actor, origin, suiteId: params.suiteId, assignmentId: params.assignmentId });
    return new Response(null, { status: 204 });
  },
);
