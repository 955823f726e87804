// Every process that serves the app looks for judge runs whose driver went
// quiet (its process stopped) and resumes them, so a run started on a replica
// that went away finishes without anyone watching it.
import "server-only";
import { db } from "@/lib/db";
import { judgeEndpoint, type JudgeEndpoint } from "@/lib/env";
import { errorField, logger } from "@/lib/observability/logger";
import { driveJudgeRun, STALE_AFTER_MS } from "./worker";

const SWEEP_EVERY_MS = 15_000;

/** Resumes every stale run here; `endpoint` defaults to the configured one (tests pass a local server). */
export async function resumeStaleJudgeRuns(endpoint: JudgeEndpoint | null = judgeEndpoint()): Promise<string[]> {
  if (!endpoint) return [];
  const stale = await db().judgeRun.findMany({
    where: { status: "running", heartbeatAt: { lt: new Date(Date.now() - STALE_AFTER_MS) } },
    select: { id: true, baseUrl: true, model: true },
  });
  for (const run of stale) {
    driveJudgeRun(run.id, {
      ...endpoint,
      baseUrl: run.baseUrl,
      model: run.model,
      apiKey: endpoint.baseUrl === run.baseUrl ? endpoint.apiKey : undefined,
    });
  }
  return stale.map((run) => run.id);
}

export function startJudgeRunSweeper(): void {
  const timer = setInterval(() => {
    resumeStaleJudgeRuns().catch((error: unknown) =>
      logger().error({ err: errorField(error) }, "judge run sweep failed"),
    );
  }, SWEEP_EVERY_MS);
  // The sweeper never keeps a stopping process alive.
  timer.unref();
}
