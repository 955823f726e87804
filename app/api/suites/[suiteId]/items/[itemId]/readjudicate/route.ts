// POST /api/suites/:id/items/:itemId/readjudicate: puts an adjudicated item
// back in the queue; its next decision derives from the latest one.
import { z } from "zod";
import { reopenAdjudication } from "@/lib/adjudication/service";
import { uuid } from "@/lib/api-schemas/common";
import { defineRoute, reply } from "@/lib/http/define-route";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/suites/{suiteId}/items/{itemId}/readjudicate",
    id: "reopenAdjudication",
    tag: "Adjudication",
    access: "adjudicate",
    summary: "Re-adjudicate an adjudicated item",
    responses: { 201: { description: "Back in the queue.", schema: z.object({ adjudication_id: uuid() }) } },
    errors: [404, 409],
  },
  async ({ actor, origin, params }) =>
    reply(
      {
        adjudication_id: await reopenAdjudication({ actor, origin, suiteId: params.suiteId, itemId: params.itemId }),
      },
      201,
    ),
);
