// POST /api/judge-runs/:id/cancel: stops the run; stored records stay.
import { withActor } from "@/lib/http/api-handler";
import { judgeRunJson } from "@/lib/judge-runs/judge-run-json";
import { cancelJudgeRun } from "@/lib/judge-runs/service";

export async function POST(request: Request, context: { params: Promise<{ runId: string }> }): Promise<Response> {
  return withActor(request, async ({ actor, origin }) => Response.json(judgeRunJson(await cancelJudgeRun({ actor, origin, runId: (await context.params).runId }))));
}
