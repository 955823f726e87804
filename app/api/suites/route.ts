// GET /api/suites: every suite with progress (admin; archived ones with ?include_archived=true). POST: create one from
// imported items {name, key, overlap_k, gold_share, hold_minutes, rater_ids, import_ids, source_suite_id?}.
import { z } from "zod";
import { header } from "@/lib/api-docs/operation";
import { SuiteSummarySchema } from "@/lib/api-schemas/suites";
import { defineRoute, reply } from "@/lib/http/define-route";
import { snakeKeys } from "@/lib/http/snake-case";
import { createSuite, listSuites } from "@/lib/suites/service";
import { NewSuiteInput } from "@/lib/suites/validation";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/suites",
    id: "listSuites",
    tag: "Suites",
    access: "suites.manage",
    summary: "Every suite with progress",
    query: z.object({
      include_archived: z.enum(["true", "false"]).default("false").describe("archived suites too"),
    }),
    responses: { 200: { description: "The suites.", schema: z.object({ suites: z.array(SuiteSummarySchema) }) } },
  },
  async ({ actor, query }) => ({
    suites: (await listSuites({ actor, includeArchived: query.include_archived === "true" })).map(snakeKeys),
  }),
);

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/suites",
    id: "createSuite",
    tag: "Suites",
    access: "suites.manage",
    summary: "Create a suite from imported items",
    description: "At least one import or a source suite id (task.suite_id of imported items) is needed.",
    body: NewSuiteInput,
    responses: {
      201: { description: "Created.", schema: SuiteSummarySchema, headers: { Location: header("/api/suites/{id}") } },
    },
    errors: [400, 422],
  },
  async ({ actor, origin, body }) => {
    const suite = await createSuite({ actor, origin, input: body });
    return reply(snakeKeys(suite), 201, { Location: `/api/suites/${suite.id}` });
  },
);
