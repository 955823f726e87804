// An LLM judge run on a pairwise suite. Every pair is asked in both orders
// (the pair's first system as Response A, then as Response B — Arena-Hard's
// position swap); each answer is parsed to a 5-level verdict; the two are
// combined (lib/pairwise/judge-prompt.ts combineOrders) and stored through the
// same function as a rater's pair (storePairRecords): two llm_judge records
// and two sidecar rows. The judge's records are stored with the pair's first
// system as the left row (shown_position "left" = Response A in the first
// order asked); both raw verdicts ride on the sidecar rows, so the flip rate
// and the judge's position bias are computed from the stored data alone.
// Each stored verdict opens a review task for the suite's SMEs (pair-review-claim.ts).
//
// The run is driven in the process that starts it, which beats its
// heartbeat_at; a pair is stored in one transaction that re-checks it is
// still pending, so a pair never gets two verdicts from one run. A run whose
// driver went quiet (its process died) is taken over by the item judge runs'
// sweeper (lib/judge-runs/sweeper.ts), which asks its pending pairs only.
import "server-only";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { judgeEndpoint, type JudgeEndpoint } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { isDatabaseUnavailable } from "@/lib/http/database-unavailable";
import { Prisma } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/ids";
import { parseInput } from "@/lib/input";
import type { Item } from "@/lib/items/types";
import { aggregateJudgments } from "@/lib/judge/aggregate";
import { createChatCompletion, JudgeCallError } from "@/lib/judge/chat-completions-client";
import type { Judgment } from "@/lib/judge/judgment-schema";
import { createLimiter } from "@/lib/judge-runs/limiter";
import { HEARTBEAT_MS, STALE_AFTER_MS } from "@/lib/judge-runs/worker";
import { errorField, logger } from "@/lib/observability/logger";
import { storeJudgeRecord } from "@/lib/records/judge-records";
import { PAIRWISE_JUDGE_RUN_STATUSES, parseStatus, type PairwiseJudgeRunStatus } from "@/lib/statuses";
import {
  combineOrders,
  PAIRWISE_JUDGE_PROMPT_VERSION,
  pairwiseJudgeMessages,
  pairwiseJudgeRaterId,
  pairwiseResponseFormat,
  parsePairwiseAnswer,
  verdictForA,
  type PairwiseJudgeAnswer,
} from "./judge-prompt";
import { openPairReviewTasks } from "./pair-review-claim";
import { storePairRecords } from "./pairs";
import { mirrorPreference } from "./preference";
import { getPairwiseSuite } from "./suites";
import { StartPairwiseJudgeRunInput } from "./validation";
import { orderConsistency, type OrderConsistency } from "./order-consistency";

export type PairwiseJudgeRunSummary = {
  id: string;
  suiteId: string;
  status: PairwiseJudgeRunStatus;
  model: string;
  promptVersion: string;
  temperature: number;
  createdAt: Date;
  finishedAt: Date | null;
  progress: { total: number; pending: number; stored: number; failed: number };
  /** Flip rate and position bias of the run's stored verdicts. */
  consistency: OrderConsistency;
  failures: { pairId: string; taskId: string; message: string }[];
};

type Driver = { controller: AbortController; done: Promise<void> };
const drivers = new Map<string, Driver>();

export async function startPairwiseJudgeRun(options: {
  actor: Actor;
  suiteId: string;
  input?: unknown;
  endpoint?: JudgeEndpoint;
  origin?: RequestOrigin;
}): Promise<PairwiseJudgeRunSummary> {
  const { actor } = options;
  authorize(actor, "judge_runs.manage");
  const input = parseInput(StartPairwiseJudgeRunInput, options.input ?? {}, "The judge run settings are not valid");
  const suite = await getPairwiseSuite({ actor, suiteId: options.suiteId });
  const endpoint = options.endpoint ?? judgeEndpoint();
  if (!endpoint)
    throw new AppError(
      "CONFLICT",
      "No judge endpoint is configured: set EVALFORM_JUDGE_BASE_URL and EVALFORM_JUDGE_MODEL (and EVALFORM_JUDGE_API_KEY if the endpoint needs one)",
    );
  const run = await db().$transaction(async (tx) => {
    const created = await tx.pairwiseJudgeRun.create({
      data: {
        suiteId: suite.id,
        baseUrl: endpoint.baseUrl,
        model: endpoint.model,
        promptVersion: PAIRWISE_JUDGE_PROMPT_VERSION,
        temperature: input.temperature,
        concurrency: endpoint.concurrency,
        createdById: actor.userId,
      },
    });
    await tx.$executeRaw`
      INSERT INTO pairwise_judge_pair (run_id, pair_id)
      SELECT ${created.id}::uuid, id FROM pairwise_pair WHERE suite_id = ${suite.id}::uuid`;
    await recordAuditEvent({
      action: "pairwise_judge_run.started",
      actorId: actor.userId,
      subject: suite.id,
      origin: options.origin,
      client: tx,
      details: { pairwise_judge_run_id: created.id, model: endpoint.model },
    });
    return created;
  });
  drivePairwiseJudgeRun(run.id, endpoint);
  return summary(run.id);
}

/** Starts driving the run's pending pairs here unless this process already does (a start, or the sweeper). */
export function drivePairwiseJudgeRun(runId: string, endpoint: JudgeEndpoint): void {
  if (drivers.has(runId)) return;
  const controller = new AbortController();
  const done = drive(runId, endpoint, controller.signal)
    .catch((error: unknown) =>
      logger().error({ run_id: runId, err: errorField(error) }, "pairwise judge run driver failed"),
    )
    .finally(() => drivers.delete(runId));
  drivers.set(runId, { controller, done });
}

/** Stops this process's driver as a dying process would: nothing more is asked or stored (tests). */
export function abandonLocalPairwiseDriver(runId: string): void {
  drivers.get(runId)?.controller.abort();
}

/** Resolves when this process has finished driving the run (tests, benchmarks). */
export async function pairwiseJudgeRunFinished(runId: string): Promise<void> {
  await drivers.get(runId)?.done;
}

/**
 * Takes over the running runs whose driver has not beaten for STALE_AFTER_MS:
 * their heartbeat is set in the same statement, so of several sweeping
 * processes only one resumes a run. For the sweeper.
 */
export async function takeOverStalePairwiseJudgeRuns(): Promise<{ id: string; baseUrl: string; model: string }[]> {
  return db().$queryRaw`
    UPDATE pairwise_judge_run SET heartbeat_at = now()
    WHERE status = 'running' AND heartbeat_at < now() - make_interval(secs => ${STALE_AFTER_MS / 1000})
    RETURNING id::text AS id, base_url AS "baseUrl", model`;
}

type PairRow = {
  pair_id: string;
  first_system: string;
  second_system: string;
  first_body: Item;
  second_body: Item;
  suite_id: string;
  suite_key: string;
};

async function drive(runId: string, endpoint: JudgeEndpoint, signal: AbortSignal): Promise<void> {
  const run = await db().pairwiseJudgeRun.findUniqueOrThrow({ where: { id: runId } });
  if (run.status !== "running") return;
  const beat = () =>
    db()
      .$executeRaw`UPDATE pairwise_judge_run SET heartbeat_at = now() WHERE id = ${runId}::uuid AND status = 'running'`;
  await beat();
  const heartbeat = setInterval(() => void beat().catch(() => undefined), HEARTBEAT_MS);
  try {
    await askPending(runId, run, endpoint, signal);
  } finally {
    clearInterval(heartbeat);
  }
  // An abandoned driver leaves the run running for the sweeper; a finished one completes it once nothing is pending.
  if (signal.aborted) return;
  await db().$executeRaw`
    UPDATE pairwise_judge_run SET status = 'completed', finished_at = now()
    WHERE id = ${runId}::uuid AND status = 'running'
      AND NOT EXISTS (SELECT 1 FROM pairwise_judge_pair WHERE run_id = ${runId}::uuid AND status = 'pending')`;
}

async function askPending(
  runId: string,
  run: { concurrency: number; temperature: number; model: string; createdById: string },
  endpoint: JudgeEndpoint,
  signal: AbortSignal,
): Promise<void> {
  const pairs = await db().$queryRaw<PairRow[]>`
    SELECT p.id::text AS pair_id, p.first_system, p.second_system, fi.body AS first_body, si.body AS second_body,
           s.id::text AS suite_id, s.key AS suite_key
    FROM pairwise_judge_pair jp
    JOIN pairwise_pair p ON p.id = jp.pair_id
    JOIN pairwise_suite s ON s.id = p.suite_id
    JOIN item fi ON fi.id = p.first_item_id
    JOIN item si ON si.id = p.second_item_id
    WHERE jp.run_id = ${runId}::uuid AND jp.status = 'pending'
    ORDER BY p.position`;
  const limit = createLimiter(run.concurrency);
  // Stores take a connection each: a few at a time leave the pool to the app's requests, and a store the
  // database was too busy for is tried again rather than failing a pair whose answers are already paid for.
  const storeLimit = createLimiter(STORES_AT_ONCE);
  const ask = (a: Item, b: Item, seed: number) =>
    limit(() => {
      // Pairs still queued when the driver is abandoned are left pending, not asked.
      signal.throwIfAborted();
      return createChatCompletion({
        baseUrl: endpoint.baseUrl,
        apiKey: endpoint.apiKey,
        model: endpoint.model,
        messages: pairwiseJudgeMessages(a, b),
        responseFormat: pairwiseResponseFormat(),
        temperature: run.temperature,
        seed,
        timeoutMs: endpoint.timeoutMs,
        maxAttempts: endpoint.maxAttempts,
        signal,
      });
    });
  await Promise.all(
    pairs.map(async (pair) => {
      try {
        const answers = await Promise.all([
          ask(pair.first_body, pair.second_body, 0),
          ask(pair.second_body, pair.first_body, 1),
        ]);
        if (signal.aborted) return;
        const parsed = answers.map((answer) => parsePairwiseAnswer(answer.content));
        const bad = parsed.findIndex((entry) => !entry.ok);
        if (bad >= 0) {
          const issues = (parsed[bad] as { issues: unknown[] }).issues;
          await fail(runId, pair.pair_id, {
            stage: "answer",
            message: `the answer in order ${bad + 1} is not a valid pairwise judgment`,
            issues,
            rawAnswers: answers.map((answer) => answer.content.slice(0, 20_000)),
          });
          return;
        }
        const [firstLeft, firstRight] = parsed.map((entry) => (entry as { answer: PairwiseJudgeAnswer }).answer) as [
          PairwiseJudgeAnswer,
          PairwiseJudgeAnswer,
        ];
        await storeLimit(() =>
          retryWhileDatabaseBusy(() => storeVerdict({ runId, run, endpoint, pair, firstLeft, firstRight }), signal),
        );
      } catch (error) {
        if (signal.aborted) return;
        const message =
          error instanceof JudgeCallError
            ? `${error.message} (after ${error.attempts} attempt${error.attempts === 1 ? "" : "s"})`
            : error instanceof AppError
              ? `${error.message}${error.issues.length ? `: ${JSON.stringify(error.issues.slice(0, 5))}` : ""}`
              : String(error);
        await fail(runId, pair.pair_id, { stage: error instanceof JudgeCallError ? "request" : "record", message });
      }
    }),
  );
}

const STORES_AT_ONCE = 2;
const STORE_RETRY_DELAYS_MS = [250, 1_000, 3_000, 8_000];

/** Runs `store`, again after a pause while the database answers that it is unavailable or too busy. */
async function retryWhileDatabaseBusy(store: () => Promise<void>, signal: AbortSignal): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await store();
    } catch (error) {
      const delay = STORE_RETRY_DELAYS_MS[attempt];
      if (delay === undefined || signal.aborted || !isDatabaseUnavailable(error)) throw error;
      logger().warn(
        { err: errorField(error), attempt: attempt + 1 },
        "pairwise judge store: database busy, trying again",
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

async function fail(runId: string, pairId: string, failure: Record<string, unknown>): Promise<void> {
  await db().pairwiseJudgePair.updateMany({
    where: { runId, pairId, status: "pending" },
    data: { status: "failed", failure: failure as Prisma.InputJsonObject, finishedAt: new Date() },
  });
}

/**
 * `firstLeft`: the answer with the pair's first system as Response A;
 * `firstRight`: with it as Response B. Each response's universal rubric is the
 * aggregate of its two scorings (as n samples of an item judge run are); the
 * rationale keeps both orders' words.
 */
async function storeVerdict(options: {
  runId: string;
  run: { model: string; createdById: string };
  endpoint: JudgeEndpoint;
  pair: PairRow;
  firstLeft: PairwiseJudgeAnswer;
  firstRight: PairwiseJudgeAnswer;
}): Promise<void> {
  const { runId, pair, firstLeft, firstRight } = options;
  const shownLeft = verdictForA(firstLeft.verdict);
  const shownRight = mirrorPreference(verdictForA(firstRight.verdict));
  const rater = {
    type: "llm_judge",
    id: pairwiseJudgeRaterId(options.endpoint.model),
    model: options.endpoint.model,
    version: PAIRWISE_JUDGE_PROMPT_VERSION,
    n_samples: 2,
  };
  const universalOf = (samples: Record<string, unknown>[]) =>
    aggregateJudgments(samples.map((universal) => ({ universal }) as unknown as Judgment)).universal as Record<
      string,
      unknown
    >;
  const drafts = [
    { rater, universal: universalOf([firstLeft.response_a.universal, firstRight.response_b.universal]) },
    { rater, universal: universalOf([firstLeft.response_b.universal, firstRight.response_a.universal]) },
  ];
  const rationale = [
    `${pair.first_system} as Response A: ${firstLeft.verdict}. ${firstLeft.rationale}`,
    `${pair.first_system} as Response B: ${firstRight.verdict}. ${firstRight.rationale}`,
  ]
    .join("\n")
    .slice(0, 2000);
  await db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ status: string }[]>`
      SELECT status FROM pairwise_judge_pair WHERE run_id = ${runId}::uuid AND pair_id = ${pair.pair_id}::uuid FOR UPDATE`;
    if (row?.status !== "pending") return;
    const [firstId] = await storePairRecords(tx, {
      suite: { id: pair.suite_id, key: pair.suite_key },
      pairId: pair.pair_id,
      assignmentId: null,
      shown: [
        { system: pair.first_system, item: pair.first_body },
        { system: pair.second_system, item: pair.second_body },
      ],
      drafts,
      preference: combineOrders(shownLeft, shownRight),
      rationale,
      store: async (draft) => {
        const stored = await storeJudgeRecord({
          record: draft,
          keepIdentity: false,
          submittedById: options.run.createdById,
          client: tx,
        });
        return { evalId: stored.evalId, raterType: stored.body.rater.type };
      },
      judge: { runId, shownLeft, shownRight },
    });
    // As an item judge run does: every stored verdict waits for one of the suite's SMEs.
    await openPairReviewTasks({
      client: tx,
      tasks: [{ judgeEvalId: firstId, suiteId: pair.suite_id, pairId: pair.pair_id, judgeRunId: runId }],
    });
    await tx.pairwiseJudgePair.update({
      where: { runId_pairId: { runId, pairId: pair.pair_id } },
      data: {
        status: "stored",
        firstEvalId: firstId,
        verdictFirstShownLeft: shownLeft,
        verdictFirstShownRight: shownRight,
        finishedAt: new Date(),
      },
    });
  });
}

async function summary(runId: string): Promise<PairwiseJudgeRunSummary> {
  const run = await db().pairwiseJudgeRun.findUnique({ where: { id: runId } });
  if (!run) throw new AppError("NOT_FOUND", "No pairwise judge run with this id");
  const rows = await db().$queryRaw<
    { status: string; verdict_first_shown_left: string | null; verdict_first_shown_right: string | null }[]
  >`SELECT status, verdict_first_shown_left, verdict_first_shown_right FROM pairwise_judge_pair WHERE run_id = ${runId}::uuid`;
  const failed = await db().$queryRaw<{ pair_id: string; task_id: string; failure: { message?: string } | null }[]>`
    SELECT jp.pair_id::text, p.task_id, jp.failure FROM pairwise_judge_pair jp JOIN pairwise_pair p ON p.id = jp.pair_id
    WHERE jp.run_id = ${runId}::uuid AND jp.status = 'failed' ORDER BY p.position LIMIT 200`;
  const count = (status: string) => rows.filter((row) => row.status === status).length;
  return {
    id: run.id,
    suiteId: run.suiteId,
    status: parseStatus(PAIRWISE_JUDGE_RUN_STATUSES, run.status),
    model: run.model,
    promptVersion: run.promptVersion,
    temperature: run.temperature,
    createdAt: run.createdAt,
    finishedAt: run.finishedAt,
    progress: { total: rows.length, pending: count("pending"), stored: count("stored"), failed: count("failed") },
    consistency: orderConsistency(
      rows.flatMap((row) =>
        row.verdict_first_shown_left && row.verdict_first_shown_right
          ? [{ shownLeft: row.verdict_first_shown_left, shownRight: row.verdict_first_shown_right }]
          : [],
      ),
    ),
    failures: failed.map((row) => ({ pairId: row.pair_id, taskId: row.task_id, message: row.failure?.message ?? "" })),
  };
}

export async function getPairwiseJudgeRun(options: { actor: Actor; runId: string }): Promise<PairwiseJudgeRunSummary> {
  authorize(options.actor, "judge_runs.manage");
  if (!isUuid(options.runId)) throw new AppError("NOT_FOUND", "No pairwise judge run with this id");
  return summary(options.runId);
}

export async function listPairwiseJudgeRuns(options: {
  actor: Actor;
  suiteId: string;
}): Promise<PairwiseJudgeRunSummary[]> {
  authorize(options.actor, "judge_runs.manage");
  const suite = await getPairwiseSuite(options);
  const runs = await db().pairwiseJudgeRun.findMany({
    where: { suiteId: suite.id },
    orderBy: { createdAt: "desc" },
    take: 20,
    select: { id: true },
  });
  return Promise.all(runs.map((run) => summary(run.id)));
}
