// GET /api/suites/:id/judge-runs: the suite's judge runs with progress.
// POST {n_samples?, temperature?}: starts a run of the configured judge.
import { z } from "zod";
import { JudgeRunSchema } from "@/lib/api-schemas/review";
import { defineRoute, reply } from "@/lib/http/define-route";
import { judgeRunJson } from "@/lib/judge-runs/judge-run-json";
import { listJudgeRuns, startJudgeRun } from "@/lib/judge-runs/service";
import { StartJudgeRunInput } from "@/lib/judge-runs/validation";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/suites/{suiteId}/judge-runs",
    id: "listJudgeRuns",
    tag: "Review",
    access: "judge_runs.manage",
    summary: "The suite's judge runs with progress",
    responses: { 200: { description: "The runs.", schema: z.object({ judge_runs: z.array(JudgeRunSchema) }) } },
    errors: [404],
  },
  async ({ actor, params }) => ({
    judge_runs: (await listJudgeRuns({ actor, suiteId: params.suiteId })).map(judgeRunJson),
  }),
);

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/suites/{suiteId}/judge-runs",
    id: "startJudgeRun",
    tag: "Review",
    access: "judge_runs.manage",
    summary: "Run the configured LLM judge over the suite",
    description: "409 when no judge endpoint is configured (EVALFORM_JUDGE_BASE_URL, EVALFORM_JUDGE_MODEL).",
    body: StartJudgeRunInput,
    bodyOptional: true,
    responses: { 201: { description: "Started.", schema: JudgeRunSchema } },
    errors: [400, 404, 409, 422],
  },
  async ({ actor, origin, params, body }) =>
    reply(judgeRunJson(await startJudgeRun({ actor, origin, suiteId: params.suiteId, input: body })), 201),
);
