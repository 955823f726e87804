// GET /api/judge-runs/:id: progress, and every failed item with the judge's raw answers.
import { JudgeRunSchema } from "@/lib/api-schemas/review";
import { defineRoute } from "@/lib/http/define-route";
import { judgeRunJson } from "@/lib/judge-runs/judge-run-json";
import { getJudgeRun } from "@/lib/judge-runs/service";

export const GET = defineRoute(
  {
    method: "GET",
    path: "/api/judge-runs/{runId}",
    id: "getJudgeRun",
    tag: "Review",
    access: "judge_runs.manage",
    summary: "A run's progress and failed items",
    responses: { 200: { description: "The run, with failures.", schema: JudgeRunSchema } },
    errors: [404],
  },
  async ({ actor, params }) => judgeRunJson(await getJudgeRun({ actor, runId: params.runId })),
);
