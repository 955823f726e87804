// Judge runs: an admin runs the configured LLM judge over a suite's items.
// The run and its items live in PostgreSQL; the process that starts a run
// drives it (see worker.ts), and every process's sweeper (sweeper.ts) resumes
// a run whose driver went quiet, because items are claimed row by row.
import "server-only";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { judgeEndpoint, type JudgeEndpoint } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { parseInput } from "@/lib/input";
import { JUDGE_PROMPT_VERSION } from "@/lib/judge/prompt";
import { JUDGE_RUN_STATUSES, parseStatus, type JudgeRunStatus } from "@/lib/statuses";
import type { JudgeFailure } from "./judge-item";
import { StartJudgeRunInput } from "./validation";
import { abortLocalDriver, driveJudgeRun } from "./worker";

export type { JudgeRunStatus };
export type JudgeRunProgress = {
  total: number;
  pending: number;
  running: number;
  stored: number;
  failed: number;
  cancelled: number;
};
export type JudgeRunSummary = {
  id: string;
  suiteId: string;
  status: JudgeRunStatus;
  model: string;
  baseUrl: string;
  promptVersion: string;
  nSamples: number;
  concurrency: number;
  temperature: number;
  createdAt: Date;
  finishedAt: Date | null;
  progress: JudgeRunProgress;
};
export type JudgeRunFailure = { itemId: string; taskId: string; attempts: number; failure: JudgeFailure };

async function progressOf(runIds: string[]): Promise<Map<string, JudgeRunProgress>> {
  const rows = await db().$queryRaw<{ run_id: string; status: string; n: bigint }[]>`
    SELECT run_id::text, status, count(*) AS n FROM judge_run_item WHERE run_id = ANY(${runIds}::uuid[]) GROUP BY run_id, status`;
  const progress = new Map<string, JudgeRunProgress>();
  for (const id of runIds) progress.set(id, { total: 0, pending: 0, running: 0, stored: 0, failed: 0, cancelled: 0 });
  for (const row of rows) {
    const entry = progress.get(row.run_id)!;
    entry[row.status as keyof Omit<JudgeRunProgress, "total">] = Number(row.n);
    entry.total += Number(row.n);
  }
  return progress;
}

type RunRow = Awaited<ReturnType<typeof findRun>>;

async function findRun(runId: string) {
  const run = isUuid(runId) ? await db().judgeRun.findUnique({ where: { id: runId } }) : null;
  if (!run) throw new AppError("NOT_FOUND", "No judge run with this id");
  return run;
}

function summaryOf(run: RunRow, progress: JudgeRunProgress): JudgeRunSummary {
  return {
    id: run.id,
    suiteId: run.suiteId,
    status: parseStatus(JUDGE_RUN_STATUSES, run.status),
    model: run.model,
    baseUrl: run.baseUrl,
    promptVersion: run.promptVersion,
    nSamples: run.nSamples,
    concurrency: run.concurrency,
    temperature: run.temperature,
    createdAt: run.createdAt,
    finishedAt: run.finishedAt,
    progress,
  };
}

/** The judge endpoint from configuration (the API key never leaves the environment). */
export function configuredJudge(options: {
  actor: Actor;
}): { baseUrl: string; model: string; concurrency: number } | null {
  authorize(options.actor, "judge_runs.manage");
  const endpoint = judgeEndpoint();
  return endpoint ? { baseUrl: endpoint.baseUrl, model: endpoint.model, concurrency: endpoint.concurrency } : null;
}

/**
 * Creates the run over every item of the suite and starts driving it in this
 * process. `endpoint` defaults to the configured one (tests and benchmarks
 * pass a local server).
 */
export async function startJudgeRun(options: {
  actor: Actor;
  suiteId: string;
  input: unknown;
  endpoint?: JudgeEndpoint;
  origin?: RequestOrigin;
}): Promise<JudgeRunSummary> {
  const { actor, suiteId } = options;
  authorize(actor, "judge_runs.manage");
  const input = parseInput(StartJudgeRunInput, options.input ?? {}, "The judge run settings are not valid");
  const endpoint = options.endpoint ?? judgeEndpoint();
  if (!endpoint) {
    throw new AppError(
      "CONFLICT",
      "No judge endpoint is configured: set EVALFORM_JUDGE_BASE_URL and EVALFORM_JUDGE_MODEL (and EVALFORM_JUDGE_API_KEY if the endpoint needs one)",
    );
  }
  if (!isUuid(suiteId) || !(await db().suite.findUnique({ where: { id: suiteId }, select: { id: true } })))
    throw new AppError("NOT_FOUND", "No suite with this id");
  const run = await db().$transaction(async (tx) => {
    const created = await tx.judgeRun.create({
      data: {
        suiteId,
        baseUrl: endpoint.baseUrl,
        model: endpoint.model,
        promptVersion: JUDGE_PROMPT_VERSION,
        nSamples: input.n_samples,
        temperature: input.temperature,
        concurrency: endpoint.concurrency,
        createdById: actor.userId,
      },
    });
    const items = await tx.$executeRaw`
      INSERT INTO judge_run_item (run_id, item_id, position)
      SELECT ${created.id}::uuid, item_id, position FROM suite_item WHERE suite_id = ${suiteId}::uuid`;
    if (items === 0) throw new AppError("CONFLICT", "This suite has no items to judge");
    await recordAuditEvent({
      action: "judge_run.started",
      actorId: actor.userId,
      subject: created.id,
      origin: options.origin,
      client: tx,
      details: { suite_id: suiteId, model: endpoint.model, n_samples: input.n_samples },
    });
    return created;
  });
  driveJudgeRun(run.id, endpoint);
  return summaryOf(run, (await progressOf([run.id])).get(run.id)!);
}

/** A run with its progress and failures. */
export async function getJudgeRun(options: {
  actor: Actor;
  runId: string;
}): Promise<JudgeRunSummary & { failures: JudgeRunFailure[] }> {
  authorize(options.actor, "judge_runs.manage");
  const run = await findRun(options.runId);
  const failed = await db().judgeRunItem.findMany({
    where: { runId: run.id, status: "failed" },
    orderBy: { position: "asc" },
    take: 500,
    select: { itemId: true, attempts: true, failure: true, item: { select: { taskId: true } } },
  });
  return {
    ...summaryOf(run, (await progressOf([run.id])).get(run.id)!),
    failures: failed.map((row) => ({
      itemId: row.itemId,
      taskId: row.item.taskId,
      attempts: row.attempts,
      failure: row.failure as unknown as JudgeFailure,
    })),
  };
}

export async function listJudgeRuns(options: { actor: Actor; suiteId: string }): Promise<JudgeRunSummary[]> {
  authorize(options.actor, "judge_runs.manage");
  if (!isUuid(options.suiteId)) throw new AppError("NOT_FOUND", "No suite with this id");
  const runs = await db().judgeRun.findMany({
    where: { suiteId: options.suiteId },
    orderBy: { createdAt: "desc" },
    take: 50,
  });
  const progress = await progressOf(runs.map((run) => run.id));
  return runs.map((run) => summaryOf(run, progress.get(run.id)!));
}

/** Stops the run: no new item is started, requests in flight here are aborted. */
export async function cancelJudgeRun(options: {
  actor: Actor;
  runId: string;
  origin?: RequestOrigin;
}): Promise<JudgeRunSummary> {
  authorize(options.actor, "judge_runs.manage");
  const run = await findRun(options.runId);
  if (run.status === "running") {
    await db().$transaction(async (tx) => {
      // Only a running run is cancelled (it may have completed meanwhile).
      const { count } = await tx.judgeRun.updateMany({
        where: { id: run.id, status: "running" },
        data: { status: "cancelled", finishedAt: new Date() },
      });
      if (count === 0) return;
      // Items in flight too: a driver's store sees the cancel (it re-checks under lock) and drops its result.
      await tx.judgeRunItem.updateMany({
        where: { runId: run.id, status: { in: ["pending", "running"] } },
        data: { status: "cancelled", finishedAt: new Date(), claimedUntil: null },
      });
      await recordAuditEvent({
        action: "judge_run.cancelled",
        actorId: options.actor.userId,
        subject: run.id,
        origin: options.origin,
        client: tx,
      });
    });
    abortLocalDriver(run.id);
  }
  const current = await findRun(run.id);
  return summaryOf(current, (await progressOf([run.id])).get(run.id)!);
}

/**
 * Judge work waiting across every running run, for the metrics scrape (no
 * actor: operators' numbers, no content). An item whose claim lapsed counts as
 * pending: the next claim takes it.
 */
export async function judgeQueueDepth(): Promise<{ pending: number; claimed: number }> {
  const [row] = await db().$queryRaw<{ pending: number; claimed: number }[]>`
    SELECT count(*) FILTER (WHERE j.status = 'pending' OR (j.status = 'running' AND j.claimed_until < now()))::int AS pending,
           count(*) FILTER (WHERE j.status = 'running' AND j.claimed_until >= now())::int AS claimed
    FROM judge_run_item j JOIN judge_run r ON r.id = j.run_id
    WHERE r.status = 'running'`;
  return { pending: row?.pending ?? 0, claimed: row?.claimed ?? 0 };
}
