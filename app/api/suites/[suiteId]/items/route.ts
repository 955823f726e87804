// GET /api/suites/:id/items?status=: the suite's items with their adjudication
// status, and the count per status (admins and the suite's adjudicators).
import { z } from "zod";
import { ITEM_STATUSES } from "@/lib/adjudication/rule";
import { suiteItemStatuses } from "@/lib/adjudication/service";
import { SuiteItemStatusesSchema } from "@/lib/api-schemas/adjudication";
import { defineRoute } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/suites/{suiteId}/items",
    id: "listSuiteItemStatuses",
    tag: "Adjudication",
    access: "adjudicate",
    summary: "The suite's items with their adjudication status",
    query: z.object({ status: z.enum(ITEM_STATUSES).optional().describe("only items with this status") }),
    responses: { 200: { description: "Counts per status, and the items.", schema: SuiteItemStatusesSchema } },
    errors: [404, 422],
  },
  async ({ actor, params, query }) => {
    const statuses = await suiteItemStatuses({ actor, suiteId: params.suiteId, status: query.status });
    return { counts: statuses.counts, items: statuses.items.map(snakeKeys) };
  },
);
