// GET /api/suites/:id/adjudications: the suite's adjudication queue, worst
// disagreement first (admins and the suite's SMEs).
import { adjudicationQueue } from "@/lib/adjudication/service";
import { AdjudicationQueueSchema } from "@/lib/api-schemas/adjudication";
import { defineRoute } from "@/lib/http/define-route";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/suites/{suiteId}/adjudications",
    id: "listAdjudicationQueue",
    tag: "Adjudication",
    access: "adjudicate",
    summary: "The suite's adjudication queue, worst disagreement first",
    responses: { 200: { description: "The open adjudications in queue order.", schema: AdjudicationQueueSchema } },
    errors: [404],
  },
  async ({ actor, params }) => ({
    items: (await adjudicationQueue({ actor, suiteId: params.suiteId })).map((row) => ({
      adjudication_id: row.id,
      item_id: row.itemId,
      task_id: row.taskId,
      spread: row.spread,
      reasons_count: row.reasonsCount,
      held_by_me: row.heldByMe,
      held_by_other: row.heldByOther,
      rated_by_me: row.ratedByMe,
      re_adjudication: row.reAdjudication,
    })),
  }),
);
