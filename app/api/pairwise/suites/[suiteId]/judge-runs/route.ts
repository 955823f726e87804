// GET /api/pairwise/suites/:id/judge-runs: the suite's LLM judge runs with
// progress, flip rate and position bias. POST {temperature?}: starts a run of
// the configured judge over every pair, each asked in both orders.
import { z } from "zod";
import { PairwiseJudgeRunSchema } from "@/lib/api-schemas/pairwise";
import { defineRoute, reply } from "@/lib/http/define-route";
import { listPairwiseJudgeRuns, startPairwiseJudgeRun } from "@/lib/pairwise/judge-run";
import { deepSnakeKeys } from "@/lib/pairwise/snake-json";
import { StartPairwiseJudgeRunInput } from "@/lib/pairwise/validation";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/pairwise/suites/{suiteId}/judge-runs",
    id: "listPairwiseJudgeRuns",
    tag: "Pairwise comparison",
    access: "judge_runs.manage",
    summary: "The pairwise suite's judge runs",
    responses: {
      200: { description: "The runs.", schema: z.object({ judge_runs: z.array(PairwiseJudgeRunSchema) }) },
    },
    errors: [404],
  },
  async ({ actor, params }) => ({
    judge_runs: deepSnakeKeys(await listPairwiseJudgeRuns({ actor, suiteId: params.suiteId })),
  }),
);

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/pairwise/suites/{suiteId}/judge-runs",
    id: "startPairwiseJudgeRun",
    tag: "Pairwise comparison",
    access: "judge_runs.manage",
    summary: "Run the configured LLM judge over the suite's pairs, in both orders",
    description:
      "Each pair is asked twice, the responses swapped; the two verdicts are combined (mean on −2…2, rounded toward a tie) and stored as two llm_judge records with their pairwise sidecar rows. 409 when no judge endpoint is configured.",
    body: StartPairwiseJudgeRunInput,
    bodyOptional: true,
    responses: { 201: { description: "Started.", schema: PairwiseJudgeRunSchema } },
    errors: [400, 404, 409, 422],
  },
  async ({ actor, origin, params, body }) =>
    reply(deepSnakeKeys(await startPairwiseJudgeRun({ actor, origin, suiteId: params.suiteId, input: body })), 201),
);
