// GET /api/pairwise/suites: every pairwise suite (admin; archived ones with
// ?include_archived=true). POST: build one from imports of two or more
// systems' outputs on the same tasks, with its raters.
import { z } from "zod";
import { header } from "@/lib/api-docs/operation";
import { CreatedPairwiseSuiteSchema, PairwiseSuiteSchema } from "@/lib/api-schemas/pairwise";
import { defineRoute, reply } from "@/lib/http/define-route";
import { deepSnakeKeys } from "@/lib/pairwise/snake-json";
import { createPairwiseSuite, listPairwiseSuites } from "@/lib/pairwise/suites";
import { NewPairwiseSuiteInput } from "@/lib/pairwise/validation";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/pairwise/suites",
    id: "listPairwiseSuites",
    tag: "Pairwise comparison",
    access: "suites.manage",
    summary: "Every pairwise suite (archived ones with ?include_archived=true)",
    query: z.object({
      include_archived: z.enum(["true", "false"]).default("false").describe("archived suites too"),
    }),
    responses: { 200: { description: "The suites.", schema: z.object({ suites: z.array(PairwiseSuiteSchema) }) } },
  },
  async ({ actor, query }) => ({
    suites: deepSnakeKeys(await listPairwiseSuites({ actor, includeArchived: query.include_archived === "true" })),
  }),
);

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/pairwise/suites",
    id: "createPairwiseSuite",
    tag: "Pairwise comparison",
    access: "suites.manage",
    summary: "Create a pairwise suite from imports of several systems",
    description:
      "Items are matched by task id across the imports (one system each, by subject.system_under_test); tasks some system lacks are listed in unmatched_tasks.",
    body: NewPairwiseSuiteInput,
    responses: {
      201: {
        description: "Created.",
        schema: CreatedPairwiseSuiteSchema,
        headers: { Location: header("/api/pairwise/suites/{id}/leaderboard") },
      },
    },
    errors: [400, 422],
  },
  async ({ actor, origin, body }) => {
    const suite = await createPairwiseSuite({ actor, origin, input: body });
    return reply(deepSnakeKeys(suite), 201, { Location: `/api/pairwise/suites/${suite.id}/leaderboard` });
  },
);
