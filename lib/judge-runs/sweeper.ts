// Every process that serves the app looks for judge runs whose driver went
// quiet (its process stopped) and resumes them, so a run started on a replica
// that went away finishes without anyone watching it. Item judge runs and
// pairwise judge runs (lib/pairwise/judge-run.ts) are swept alike.
import "server-only";
import { db } from "@/lib/db";
import { judgeEndpoint, type JudgeEndpoint } from "@/lib/env";
import { errorField, logger } from "@/lib/observability/logger";
import { drivePairwiseJudgeRun, takeOverStalePairwiseJudgeRuns } from "@/lib/pairwise/judge-run";
import { driveJudgeRun, STALE_AFTER_MS } from "./worker";

const SWEEP_EVERY_MS = 15_000;

type StaleRun = { id: string; baseUrl: string; model: string };

/** A kind of judge run: its stale runs, and how this process drives one. */
const RESUMABLE: { stale: () => Promise<StaleRun[]>; drive: (runId: string, endpoint: JudgeEndpoint) => void }[] = [
  {
    // Item runs' lapsed claims keep two drivers from judging one item; the run itself is not claimed.
    stale: () =>
      db().judgeRun.findMany({
        where: { status: "running", heartbeatAt: { lt: new Date(Date.now() - STALE_AFTER_MS) } },
        select: { id: true, baseUrl: true, model: true },
      }),
    drive: driveJudgeRun,
  },
  { stale: takeOverStalePairwiseJudgeRuns, drive: drivePairwiseJudgeRun },
];

/** Resumes every stale run here; `endpoint` defaults to the configured one (tests pass a local server). */
export async function resumeStaleJudgeRuns(endpoint: JudgeEndpoint | null = judgeEndpoint()): Promise<string[]> {
  if (!endpoint) return [];
  const resumed: string[] = [];
  for (const kind of RESUMABLE) {
    for (const run of await kind.stale()) {
      kind.drive(run.id, {
        ...endpoint,
        baseUrl: run.baseUrl,
        model: run.model,
        apiKey: endpoint.baseUrl === run.baseUrl ? endpoint.apiKey : undefined,
      });
      resumed.push(run.id);
    }
  }
  return resumed;
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
