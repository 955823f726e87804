// POST /api/pairwise/suites/:id/next: the caller's next pair, held for them.
import { NextPairSchema } from "@/lib/api-schemas/pairwise";
import { defineRoute } from "@/lib/http/define-route";
import { nextPair } from "@/lib/pairwise/pairs";
import { deepSnakeKeys } from "@/lib/pairwise/snake-json";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/pairwise/suites/{suiteId}/next",
    id: "nextPair",
    tag: "Pairwise comparison",
    access: "queue.work",
    summary: "Your next pair of a pairwise suite, held for you",
    responses: { 200: { description: "A pair assignment, or why there is none.", schema: NextPairSchema } },
    errors: [404],
  },
  async ({ actor, params }) => deepSnakeKeys(await nextPair({ actor, suiteId: params.suiteId })),
);
