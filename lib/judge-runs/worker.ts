// Drives a judge run in this process: `concurrency` lanes each claim the next
// pending item (FOR UPDATE SKIP LOCKED, with a claim that expires), judge it,
// and store the record with its review task — or the failure — in one
// transaction. A heartbeat keeps the claims alive; if this process dies, the
// claims lapse and another process's sweeper resumes the run.
import "server-only";
import { setMaxListeners } from "node:events";
import { db } from "@/lib/db";
import type { JudgeEndpoint } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Item } from "@/lib/items/types";
import { errorField, logger } from "@/lib/observability/logger";
import { storeJudgeRecord } from "@/lib/records/judge-records";
import { openReviewTasks } from "@/lib/review/review-tasks";
import { judgeItem, type JudgeFailure, type JudgeSettings } from "./judge-item";
import { createLimiter } from "./limiter";

export const HEARTBEAT_MS = 5_000;
const CLAIM_SECONDS = 120;
export const STALE_AFTER_MS = 30_000;

type Driver = { controller: AbortController; done: Promise<void> };
const drivers = new Map<string, Driver>();

/** Starts driving the run here unless this process already does. */
export function driveJudgeRun(runId: string, endpoint: JudgeEndpoint): void {
  if (drivers.has(runId)) return;
  const controller = new AbortController();
  // Every request in flight listens on the run's signal (and stops listening when done).
  setMaxListeners(1_000, controller.signal);
  const done = drive(runId, endpoint, controller.signal)
    .catch((error: unknown) => logger().error({ run_id: runId, err: errorField(error) }, "judge run driver failed"))
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

/** An item this driver holds: `attempts` is the claim's token (a later claim bumps it). */
type Claim = { runId: string; itemId: string; attempts: number };

async function claimNext(runId: string): Promise<Claim | null> {
  const [claimed] = await db().$queryRaw<{ item_id: string; attempts: number }[]>`
    UPDATE judge_run_item j SET status = 'running', claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = j.attempts + 1
    WHERE (j.run_id, j.item_id) = (
      SELECT run_id, item_id FROM judge_run_item
      WHERE run_id = ${runId}::uuid AND (status = 'pending' OR (status = 'running' AND claimed_until < now()))
      ORDER BY position LIMIT 1 FOR UPDATE SKIP LOCKED)
    AND EXISTS (SELECT 1 FROM judge_run r WHERE r.id = ${runId}::uuid AND r.status = 'running')
    RETURNING j.item_id::text, j.attempts`;
  return claimed ? { runId, itemId: claimed.item_id, attempts: claimed.attempts } : null;
}

/** Claims of other drivers that have not lapsed yet: when the next one lapses, or null. */
async function nextClaimLapse(runId: string): Promise<Date | null> {
  const [row] = await db().$queryRaw<{ at: Date | null }[]>`
    SELECT min(claimed_until) AS at FROM judge_run_item j JOIN judge_run r ON r.id = j.run_id
    WHERE j.run_id = ${runId}::uuid AND j.status = 'running' AND r.status = 'running'`;
  return row?.at ?? null;
}

async function drive(runId: string, endpoint: JudgeEndpoint, signal: AbortSignal): Promise<void> {
  const run = await db().judgeRun.findUnique({ where: { id: runId }, include: { suite: { select: { key: true } } } });
  if (!run || run.status !== "running") return;
  const settings: JudgeSettings = {
    endpoint,
    nSamples: run.nSamples,
    temperature: run.temperature,
    limit: createLimiter(run.concurrency),
  };
  const inFlight = new Set<string>();
  const beat = async () => {
    await db().$executeRaw`UPDATE judge_run SET heartbeat_at = now() WHERE id = ${runId}::uuid AND status = 'running'`;
    if (inFlight.size > 0) {
      await db().$executeRaw`
        UPDATE judge_run_item SET claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
        WHERE run_id = ${runId}::uuid AND status = 'running' AND item_id = ANY(${[...inFlight]}::uuid[])`;
    }
    const [current] = await db().$queryRaw<
      { status: string }[]
    >`SELECT status FROM judge_run WHERE id = ${runId}::uuid`;
    // A cancel made by another process reaches this one here.
    if (current?.status !== "running") drivers.get(runId)?.controller.abort();
  };
  await beat();
  const heartbeat = setInterval(() => void beat().catch(() => undefined), HEARTBEAT_MS);
  try {
    const lane = async () => {
      while (!signal.aborted) {
        const claim = await claimNext(runId);
        if (!claim) return;
        inFlight.add(claim.itemId);
        try {
          await judgeAndStore({ claim, suiteKey: run.suite.key, createdById: run.createdById, settings, signal });
        } catch (error) {
          // One item's database trouble fails that item, not the run.
          await finishItem(claim, "failed", {
            stage: "record",
            message: `could not store the judgment: ${String(error)}`,
            rawAnswers: [],
          }).catch(() => undefined);
        } finally {
          inFlight.delete(claim.itemId);
        }
      }
    };
    for (;;) {
      await Promise.allSettled(Array.from({ length: run.concurrency }, lane));
      // Items claimed by a driver that went away are taken over once their claims lapse.
      const lapse = signal.aborted ? null : await nextClaimLapse(runId);
      if (!lapse) break;
      await sleep(Math.max(lapse.getTime() - Date.now(), 0) + 500, signal);
    }
  } finally {
    clearInterval(heartbeat);
  }
  // Completed once no item is left open (another process may still hold some).
  await db().$executeRaw`
    UPDATE judge_run SET status = 'completed', finished_at = now()
    WHERE id = ${runId}::uuid AND status = 'running'
      AND NOT EXISTS (SELECT 1 FROM judge_run_item WHERE run_id = ${runId}::uuid AND status IN ('pending', 'running'))`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

/** Only while the claim is still ours: a lapsed and re-claimed item is left to its new holder. */
async function finishItem(claim: Claim, status: "failed" | "cancelled", failure?: JudgeFailure): Promise<void> {
  await db().judgeRunItem.updateMany({
    where: { runId: claim.runId, itemId: claim.itemId, status: "running", attempts: claim.attempts },
    data: {
      status,
      failure: failure ? (failure as unknown as Prisma.InputJsonObject) : Prisma.DbNull,
      finishedAt: new Date(),
      claimedUntil: null,
    },
  });
}

async function judgeAndStore(options: {
  claim: Claim;
  suiteKey: string;
  createdById: string;
  settings: JudgeSettings;
  signal: AbortSignal;
}): Promise<void> {
  const { claim } = options;
  const { runId, itemId } = claim;
  const row = await db().item.findUniqueOrThrow({ where: { id: itemId }, select: { body: true } });
  const judged = await judgeItem({
    item: row.body as unknown as Item,
    suiteKey: options.suiteKey,
    settings: options.settings,
    signal: options.signal,
  });
  if (!judged.ok) {
    await finishItem(claim, judged.cancelled ? "cancelled" : "failed", judged.cancelled ? undefined : judged.failure);
    return;
  }
  try {
    await db().$transaction(async (tx) => {
      // Holding the run row shared makes a concurrent cancel wait for this store, or this store see the cancel.
      const [run] = await tx.$queryRaw<
        { status: string; suite_id: string }[]
      >`SELECT status, suite_id::text FROM judge_run WHERE id = ${runId}::uuid FOR SHARE`;
      const [item] = await tx.$queryRaw<{ status: string; attempts: number }[]>`
        SELECT status, attempts FROM judge_run_item WHERE run_id = ${runId}::uuid AND item_id = ${itemId}::uuid FOR UPDATE`;
      // The claim lapsed and another driver took the item: its result wins, this one is dropped.
      if (item?.status !== "running" || item.attempts !== claim.attempts) return;
      if (run?.status !== "running") {
        await tx.judgeRunItem.update({
          where: { runId_itemId: { runId, itemId } },
          data: { status: "cancelled", finishedAt: new Date(), claimedUntil: null },
        });
        return;
      }
      const stored = await storeJudgeRecord({
        record: judged.draft as unknown as Record<string, unknown>,
        keepIdentity: false,
        submittedById: options.createdById,
        client: tx,
        countedIn: { suiteId: run.suite_id, itemId, flow: "judge_run" },
      });
      await openReviewTasks({
        client: tx,
        tasks: [{ judgeEvalId: stored.evalId, suiteId: run.suite_id, itemId, judgeRunId: runId }],
      });
      await tx.judgeRunItem.update({
        where: { runId_itemId: { runId, itemId } },
        data: { status: "stored", judgeEvalId: stored.evalId, finishedAt: new Date(), claimedUntil: null },
      });
    });
  } catch (error) {
    // The aggregated record broke a rule of the contract: nothing is stored; the report says why.
    if (error instanceof AppError && error.code === "INVALID_RECORD") {
      await finishItem(claim, "failed", {
        stage: "record",
        message: error.message,
        issues: error.issues,
        rawAnswers: judged.rawAnswers,
      });
      return;
    }
    throw error;
  }
}
