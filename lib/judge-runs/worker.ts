// Drives a judge run in this process: `concurrency` lanes each claim the next
// pending item (FOR UPDATE SKIP LOCKED, with a claim that expires), judge it,
// and store the record with its review task — or the failure — in one
// transaction. A heartbeat keeps the claims alive; if this process dies, the
// claims lapse and another process resumes the run (getJudgeRun).
import "server-only";
import { setMaxListeners } from "node:events";
import { db } from "@/lib/db";
import type { JudgeEndpoint } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Item } from "@/lib/items/types";
import { storeJudgeRecord } from "@/lib/records/service";
import { judgeItem, type JudgeFailure, type JudgeSettings } from "./judge-item";
import { createLimiter } from "./limiter";

const HEARTBEAT_MS = 5_000;
const CLAIM_SECONDS = 120;
const STALE_AFTER_MS = 30_000;

type Driver = { controller: AbortController; done: Promise<void> };
const drivers = new Map<string, Driver>();

export function isStale(heartbeatAt: Date): boolean {
  return Date.now() - heartbeatAt.getTime() > STALE_AFTER_MS;
}

/** Starts driving the run here unless this process already does. */
export function driveJudgeRun(runId: string, endpoint: JudgeEndpoint): void {
  if (drivers.has(runId)) return;
  const controller = new AbortController();
  // Every request in flight listens on the run's signal (and stops listening when done).
  setMaxListeners(1_000, controller.signal);
  const done = drive(runId, endpoint, controller.signal)
    .catch((error: unknown) => console.error(JSON.stringify({ msg: "judge run driver failed", runId, error: String(error) })))
    .finally(() => drivers.delete(runId));
  drivers.set(runId, { controller, done });
}

export function abortLocalDriver(runId: string): void {
  drivers.get(runId)?.controller.abort();
}

/** Resolves when this process has stopped driving the run (tests, benchmarks). */
export async function localDriverFinished(runId: string): Promise<void> {
  await drivers.get(runId)?.done;
}

async function claimNext(runId: string): Promise<string | null> {
  const [claimed] = await db().$queryRaw<{ item_id: string }[]>`
    UPDATE judge_run_item j SET status = 'running', claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = j.attempts + 1
    WHERE (j.run_id, j.item_id) = (
      SELECT run_id, item_id FROM judge_run_item
      WHERE run_id = ${runId}::uuid AND (status = 'pending' OR (status = 'running' AND claimed_until < now()))
      ORDER BY position LIMIT 1 FOR UPDATE SKIP LOCKED)
    AND EXISTS (SELECT 1 FROM judge_run r WHERE r.id = ${runId}::uuid AND r.status = 'running')
    RETURNING j.item_id::text`;
  return claimed?.item_id ?? null;
}

async function drive(runId: string, endpoint: JudgeEndpoint, signal: AbortSignal): Promise<void> {
  const run = await db().judgeRun.findUnique({ where: { id: runId }, include: { suite: { select: { key: true } } } });
  if (!run || run.status !== "running") return;
  const settings: JudgeSettings = { endpoint, nSamples: run.nSamples, temperature: run.temperature, limit: createLimiter(run.concurrency) };
  const inFlight = new Set<string>();
  const beat = async () => {
    await db().$executeRaw`UPDATE judge_run SET heartbeat_at = now() WHERE id = ${runId}::uuid AND status = 'running'`;
    if (inFlight.size > 0) {
      await db().$executeRaw`
        UPDATE judge_run_item SET claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
        WHERE run_id = ${runId}::uuid AND status = 'running' AND item_id = ANY(${[...inFlight]}::uuid[])`;
    }
    const [current] = await db().$queryRaw<{ status: string }[]>`SELECT status FROM judge_run WHERE id = ${runId}::uuid`;
    // A cancel made by another process reaches this one here.
    if (current?.status !== "running") drivers.get(runId)?.controller.abort();
  };
  await beat();
  const heartbeat = setInterval(() => void beat().catch(() => undefined), HEARTBEAT_MS);
  try {
    const lane = async () => {
      while (!signal.aborted) {
        const itemId = await claimNext(runId);
        if (!itemId) return;
        inFlight.add(itemId);
        try {
          await judgeAndStore({ runId, itemId, suiteKey: run.suite.key, createdById: run.createdById, settings, signal });
        } finally {
          inFlight.delete(itemId);
        }
      }
    };
    await Promise.all(Array.from({ length: run.concurrency }, lane));
  } finally {
    clearInterval(heartbeat);
  }
  // Completed once no item is left open (another process may still hold some).
  await db().$executeRaw`
    UPDATE judge_run SET status = 'completed', finished_at = now()
    WHERE id = ${runId}::uuid AND status = 'running'
      AND NOT EXISTS (SELECT 1 FROM judge_run_item WHERE run_id = ${runId}::uuid AND status IN ('pending', 'running'))`;
}

async function finishItem(runId: string, itemId: string, status: "failed" | "cancelled", failure?: JudgeFailure): Promise<void> {
  await db().judgeRunItem.update({
    where: { runId_itemId: { runId, itemId } },
    data: { status, failure: failure ? (failure as unknown as Prisma.InputJsonObject) : Prisma.DbNull, finishedAt: new Date(), claimedUntil: null },
  });
}

async function judgeAndStore(options: { runId: string; itemId: string; suiteKey: string; createdById: string; settings: JudgeSettings; signal: AbortSignal }): Promise<void> {
  const { runId, itemId } = options;
  const row = await db().item.findUniqueOrThrow({ where: { id: itemId }, select: { body: true } });
  const judged = await judgeItem({ item: row.body as unknown as Item, suiteKey: options.suiteKey, settings: options.settings, signal: options.signal });
  if (!judged.ok) {
    await finishItem(runId, itemId, judged.cancelled ? "cancelled" : "failed", judged.cancelled ? undefined : judged.failure);
    return;
  }
  try {
    await db().$transaction(async (tx) => {
      // Holding the run row shared makes a concurrent cancel wait for this store, or this store see the cancel.
      const [run] = await tx.$queryRaw<{ status: string; suite_id: string }[]>`SELECT status, suite_id::text FROM judge_run WHERE id = ${runId}::uuid FOR SHARE`;
      if (run?.status !== "running") {
        await tx.judgeRunItem.update({ where: { runId_itemId: { runId, itemId } }, data: { status: "cancelled", finishedAt: new Date(), claimedUntil: null } });
        return;
      }
      const stored = await storeJudgeRecord({ record: judged.draft as unknown as Record<string, unknown>, keepIdentity: false, submittedById: options.createdById, client: tx });
      await tx.reviewTask.create({ data: { judgeEvalId: stored.evalId, suiteId: run.suite_id, itemId, judgeRunId: runId } });
      await tx.judgeRunItem.update({ where: { runId_itemId: { runId, itemId } }, data: { status: "stored", judgeEvalId: stored.evalId, finishedAt: new Date(), claimedUntil: null } });
    });
  } catch (error) {
    // The aggregated record broke a rule of the contract: nothing is stored; the report says why.
    if (error instanceof AppError && error.code === "INVALID_RECORD") {
      await finishItem(runId, itemId, "failed", { stage: "record", message: error.message, issues: error.issues, rawAnswers: judged.rawAnswers });
      return;
    }
    throw error;
  }
}
