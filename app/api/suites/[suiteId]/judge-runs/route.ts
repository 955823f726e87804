// GET /api/suites/:id/judge-runs: the suite's judge runs with progress.
// POST {n_samples?, temperature?}: starts a run of the configured judge.
import { withActor } from "@/lib/http/api-handler";
import { readJsonBody } from "@/lib/http/error-response";
import { judgeRunJson } from "@/lib/judge-runs/judge-run-json";
import { listJudgeRuns, startJudgeRun } from "@/lib/judge-runs/service";

export async function GET(request: Request, context: { params: Promise<{ suiteId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => {
    const runs = await listJudgeRuns({ actor, suiteId: (await context.params).suiteId });
    return Response.json({ judge_runs: runs.map(judgeRunJson) });
  });
}

export async function POST(request: Request, context: { params: Promise<{ suiteId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => {
    const input = await readJsonBody(request);
    const run = await startJudgeRun({ actor, origin, suiteId: (await context.params).suiteId, input });
    return Response.json(judgeRunJson(run), { status: 201 });
  });
}
