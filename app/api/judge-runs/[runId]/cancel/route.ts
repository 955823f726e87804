// POST /api/judge-runs/:id/cancel: stops the run; stored records stay.
import { JudgeRunSchema } from "@/lib/api-schemas/review";
import { defineRoute } from "@/lib/http/define-route";
import { judgeRunJson } from "@/lib/judge-runs/judge-run-json";
import { cancelJudgeRun } from "@/lib/judge-runs/service";

export const POST = defineRoute(
  {
    method: "POST",
    path: "/api/judge-runs/{runId}/cancel",
    id: "cancelJudgeRun",
    tag: "Review",
    access: "judge_runs.manage",
    summary: "Cancel a run (stored records stay)",
    responses: { 200: { description: "The run.", schema: JudgeRunSchema } },
    errors: [404],
  },
  async ({ actor, origin, params }) => judgeRunJson(await cancelJudgeRun({ actor, origin, runId: params.runId })),
);
