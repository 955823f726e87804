// GET /api/judge-runs/:id: progress, and every failed item with the judge's raw answers.
import { withActor } from "@/lib/http/api-handler";
import { judgeRunJson } from "@/lib/judge-runs/judge-run-json";
import { getJudgeRun } from "@/lib/judge-runs/service";

export async function GET(request: Request, context: { params: Promise<{ runId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor }) => Response.json(judgeRunJson(await getJudgeRun({ actor, runId: (await context.params).runId }))));
}
