// POST /api/suites/:id/adjudication-next: the next adjudication of the suite,
// held for the caller: {adjudication_id}, or null when none is left for them.
import { z } from "zod";
import { nextAdjudication } from "@/lib/adjudication/service";
import { uuid } from "@/lib/api-schemas/common";
import { defineRoute } from "@/lib/http/define-route";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/suites/{suiteId}/adjudication-next",
    id: "nextAdjudication",
    tag: "Adjudication",
    access: "adjudicate",
    summary: "Your next adjudication of the suite, held for you",
    description: "The worst disagreement nobody holds, among items you did not rate; your own held one first.",
    responses: {
      200: {
        description: "The adjudication's id, or null when none is left.",
        schema: z.object({
          adjudication_id: uuid().nullable(),
          item_id: uuid()
            .nullable()
            .describe("the item to adjudicate (its page is /adjudicate/{suiteId}/items/{itemId})"),
        }),
      },
    },
    errors: [404],
  },
  async ({ actor, params }) => {
    const next = await nextAdjudication({ actor, suiteId: params.suiteId });
    return { adjudication_id: next?.id ?? null, item_id: next?.itemId ?? null };
  },
);
