// POST /api/suites/:id/items (admin): add items to a suite, running or not
// {import_ids?, source_suite_id?, item_ids?}; overlap k and the gold share are kept.
import { z } from "zod";
import { defineRoute } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { addItemsToSuite } from "@/lib/suites/add-items";
import { AddSuiteItemsInput } from "@/lib/suites/validation";

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
