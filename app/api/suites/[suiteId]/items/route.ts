// GET /api/suites/:id/items?status=: the suite's items with their adjudication
// status, and the count per status (admins and the suite's adjudicators).
// POST (admin): add items to a suite, running or not {import_ids?, source_suite_id?, item_ids?};
// overlap k and the gold share are kept.
import { z } from "zod";
import { ITEM_STATUSES } from "@/lib/adjudication/rule";
import { suiteItemStatuses } from "@/lib/adjudication/service";
import { SuiteItemStatusesSchema } from "@/lib/api-schemas/adjudication";
import { defineRoute } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { addItemsToSuite } from "@/lib/suites/add-items";
import { AddSuiteItemsInput } from "@/lib/suites/validation";

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

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/suites/{suiteId}/items",
    id: "addSuiteItems",
    tag: "Suites",
    access: "suites.manage",
    summary: "Add items to a suite (also while it runs)",
    description:
      "Items of the imports, of the source suite id (task.suite_id) and picked by id. Each new item gets k slots and keeps its gold flag, so overlap k and the gold share hold; it is placed after the items already there. Items already in the suite are counted, not added twice. An archived suite answers 409. Audited as suite.items_added.",
    body: AddSuiteItemsInput,
    responses: {
      200: {
        description: "What was added.",
        schema: z.object({
          added: z.number().int(),
          already_in_suite: z.number().int(),
          gold_added: z.number().int(),
          items: z.number().int().describe("the suite's items after the change"),
        }),
      },
    },
    errors: [400, 404, 409, 422],
  },
  async ({ actor, origin, params, body }) =>
    snakeKeys(await addItemsToSuite({ actor, origin, suiteId: params.suiteId, input: body })),
);
