// Drill 1: submissions from concurrent clients while PostgreSQL restarts and
// the app is killed -9, on a throwaway cluster of our own. Clients retry with
// the same Idempotency-Key until acknowledged; afterwards the database must
// hold every acknowledged submission exactly once and nothing else.
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { drillCase, type Drill, type DrillCase, type DrillContext, type DrillResult } from "../support/drill";
import { createDrillUser, sessionOf, startDrillApp, type DrillApp } from "./drill-app";
import { startPgCluster, type PgCluster } from "./pg-cluster";
import { HUNG, isAcknowledgement, submitUntilAcknowledged, type Submission } from "./retrying-client";
import { idempotencyCases } from "./idempotency-cases";

const PORT = 3501;
const CLIENTS = 20;
const CLIENT_TIMEOUT_MS = 30_000;

type Fault = { at: number; kind: "pg-fast" | "pg-immediate" | "app-kill" };
type FaultRun = { kind: Fault["kind"]; acknowledgedBefore: number; downMs: number; upAt: number; appPid?: number; pidAfter?: number };

function plan(full: boolean): { submissions: number; faults: Fault[] } {
  if (!full) return { submissions: 300, faults: [{ at: 60, kind: "pg-fast" }, { at: 170, kind: "app-kill" }] };
  return { submissions: 1_000, faults: [{ at: 150, kind: "pg-fast" }, { at: 420, kind: "app-kill" }, { at: 700, kind: "pg-immediate" }] };
}

export const faultsDuringLoadDrill: Drill = {
  id: "faults",
  title: "1. Faults during load",
  summary:
    "Submissions (`POST /api/records`) from 20 concurrent clients against the built app on a throwaway PostgreSQL cluster of the drill's own (initdb, its own port), which is restarted under load (`pg_ctl restart -m fast`, and in --full also `-m immediate`, a crash) while the app keeps running; the app is killed -9 once and started again. Each client retries an unacknowledged submission with the same `Idempotency-Key` (backoff 50–2,000 ms, client timeout 30 s). tried = submissions; refused = attempts the app refused or could not take (5xx, connection refused or reset) and that were retried; lost = acknowledged submissions not stored; duplicated = rows beyond one per submission.",
  quick: true,
  run: runFaultsDrill,
};

async function runFaultsDrill(context: DrillContext): Promise<DrillResult> {
  const { submissions: total, faults } = plan(context.full);
  const cluster = await startPgCluster();
  let app: DrillApp | null = null;
  try {
    context.log(`PostgreSQL cluster on port ${cluster.port} (${cluster.dataDir})`);
    const databaseUrl = await cluster.createDatabase("evalform");
    const rater = await createDrillUser(databaseUrl, ["rater"], "faults");
    app = await startDrillApp({ port: PORT, databaseUrl, env: { DATABASE_CONNECT_TIMEOUT_MS: "5000", DATABASE_STATEMENT_TIMEOUT_MS: "15000" } });
    const cookie = await sessionOf(app.url, rater);
    const runTag = `faults-${Date.now().toString(36)}`;
    const load = await runLoad({ context, app, cluster, cookie, runTag, total, faults });
    const counted = await countStored(databaseUrl, runTag);
    const idempotency = await idempotencyCases({ url: app.url, cookie, runTag });
    // For a post-mortem: what the app processes wrote (the killed one too).
    const logFile = path.join(os.tmpdir(), `${runTag}-app.log`);
    writeFileSync(logFile, app.output());
    context.log(`app output in ${logFile}`);
    return report({ runTag, total, load, counted, idempotency, appLog: app.logLines() });
  } finally {
    app?.dispose();
    cluster.stop();
  }
}

type Load = { submissions: Submission[]; faultRuns: FaultRun[]; seconds: number };

async function runLoad(options: { context: DrillContext; app: DrillApp; cluster: PgCluster; cookie: string; runTag: string; total: number; faults: Fault[] }): Promise<Load> {
  const { app, cluster, context } = options;
  const submissions: Submission[] = [];
  let next = 0;
  let acknowledged = 0;
  const started = performance.now();
  const client = { url: () => app.url, cookie: options.cookie, timeoutMs: CLIENT_TIMEOUT_MS, giveUpAfterMs: 180_000 };
  const worker = async () => {
    while (next < options.total) {
      const index = next++;
      const body = withoutRater(chatDraft({ task: { ...chatDraft().task, task_id: `${options.runTag}-${index}` } }));
      const done = await submitUntilAcknowledged(client, index, body);
      submissions.push(done);
      if (done.ackedAt !== undefined) acknowledged++;
    }
  };
  const faultRuns: FaultRun[] = [];
  const chaos = async () => {
    for (const fault of options.faults) {
      while (acknowledged < fault.at && next < options.total) await sleep(20);
      const down = performance.now();
      const run: FaultRun = { kind: fault.kind, acknowledgedBefore: acknowledged, downMs: 0, upAt: 0 };
      if (fault.kind === "app-kill") {
        await app.kill();
        await app.start();
      } else {
        run.appPid = app.current().child.pid;
        await cluster.restart(fault.kind === "pg-fast" ? "fast" : "immediate");
        run.pidAfter = app.current().child.pid;
      }
      run.upAt = performance.now();
      run.downMs = run.upAt - down;
      context.log(`${fault.kind} after ${run.acknowledgedBefore} acknowledged: back after ${(run.downMs / 1000).toFixed(1)} s`);
      faultRuns.push(run);
    }
  };
  await Promise.all([...Array.from({ length: CLIENTS }, worker), chaos()]);
  return { submissions, faultRuns, seconds: (performance.now() - started) / 1000 };
}

type Counted = { rowsByTask: Map<string, string[]>; keyRows: number };

async function countStored(databaseUrl: string, runTag: string): Promise<Counted> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ task_id: string; eval_ids: string[] }>(
      "SELECT task_id, array_agg(eval_id::text) AS eval_ids FROM eval_record WHERE task_id LIKE $1 GROUP BY task_id",
      [`${runTag}-%`],
    );
    const keys = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM record_idempotency_key k JOIN eval_record r USING (eval_id) WHERE r.task_id LIKE $1",
      [`${runTag}-%`],
    );
    return { rowsByTask: new Map(rows.map((row) => [row.task_id, row.eval_ids])), keyRows: Number(keys.rows[0]!.n) };
  } finally {
    await client.end();
  }
}

function report(options: { runTag: string; total: number; load: Load; counted: Counted; idempotency: DrillCase[]; appLog: Record<string, unknown>[] }): DrillResult {
  const { load, counted, total } = options;
  const taskOf = (submission: Submission) => counted.rowsByTask.get(`${options.runTag}-${submission.index}`);
  const acknowledged = load.submissions.filter((submission) => submission.ackedAt !== undefined);
  let lost = 0;
  let ackedTwiceDifferently = 0;
  let storedUnacknowledged = 0;
  const stored = new Set([...counted.rowsByTask.values()].flat());
  for (const submission of load.submissions) {
    const ids = new Set(submission.acknowledged);
    if (ids.size > 1) ackedTwiceDifferently++;
    if (submission.ackedAt !== undefined && ![...ids].every((id) => stored.has(id))) lost++;
    if (submission.ackedAt === undefined && taskOf(submission)) storedUnacknowledged++;
  }
  const rows = [...counted.rowsByTask.values()].reduce((sum, ids) => sum + ids.length, 0);
  const duplicated = [...counted.rowsByTask.values()].reduce((sum, ids) => sum + ids.length - 1, 0) + ackedTwiceDifferently;
  const attempts = load.submissions.flatMap((submission) => submission.attempts);
  const outcomes = tally(attempts.map((attempt) => attempt.outcome));
  const refused = attempts.filter((attempt) => !isAcknowledgement(attempt.outcome) && attempt.outcome !== HUNG).length;
  const hung = attempts.filter((attempt) => attempt.outcome === HUNG).length;
  const retries = attempts.length - load.submissions.length;
  const replayed = load.submissions.reduce((sum, submission) => sum + submission.replayed, 0);
  const slowest = Math.max(...attempts.map((attempt) => attempt.doneAt - attempt.sentAt));

  const recoveries = load.faultRuns.map((run) => ({ run, firstSuccessMs: firstSuccessAfter(attempts, run.upAt) }));
  const pgRuns = recoveries.filter(({ run }) => run.kind !== "app-kill");
  const poolRecovered = pgRuns.every(({ run, firstSuccessMs }) => firstSuccessMs !== null && firstSuccessMs < 15_000 && run.appPid === run.pidAfter);
  const faultsText = load.faultRuns.map((run) => `${run.kind} after ${run.acknowledgedBefore} acks`).join(", ");

  const cases: DrillCase[] = [
    drillCase({
      name: `${total} submissions, ${CLIENTS} clients: ${faultsText}`,
      tried: total,
      refused,
      lost,
      duplicated,
      ok: acknowledged.length === total && rows === total && storedUnacknowledged === 0 && counted.keyRows === rows,
      detail: `${acknowledged.length}/${total} acknowledged, ${rows} rows stored (${counted.keyRows} with their key), ${storedUnacknowledged} stored but never acknowledged; ${attempts.length} attempts (${retries} retries, ${replayed} answered as replays); outcomes ${formatTally(outcomes)}`,
    }),
    drillCase({
      name: "the pool recovers after each PostgreSQL restart, app not restarted",
      tried: pgRuns.length,
      refused: 0,
      lost: 0,
      duplicated: 0,
      ok: pgRuns.length > 0 && poolRecovered,
      detail: pgRuns.map(({ run, firstSuccessMs }) => `${run.kind}: down ${(run.downMs / 1000).toFixed(1)} s, first success ${firstSuccessMs === null ? "never" : `${(firstSuccessMs / 1000).toFixed(2)} s`} after it was back, app pid ${run.appPid === run.pidAfter ? "unchanged" : "CHANGED"}`).join("; "),
    }),
    drillCase({
      name: "no request hangs (client timeout 30 s)",
      tried: attempts.length,
      refused: 0,
      lost: 0,
      duplicated: 0,
      ok: hung === 0,
      detail: `${hung} attempts hit the client timeout; slowest answer ${(slowest / 1000).toFixed(2)} s`,
    }),
    ...options.idempotency,
  ];
  const figures = [
    `- Load: ${total} submissions in ${load.seconds.toFixed(1)} s (${(total / load.seconds).toFixed(1)}/s including the faults), ${attempts.length} attempts, ${retries} retries, ${replayed} replayed answers (\`Idempotent-Replayed: true\`: stored before, acknowledged only on a retry).`,
    `- Outcomes of attempts: ${formatTally(outcomes)}.`,
    ...recoveries.map(({ run, firstSuccessMs }) =>
      `- ${run.kind === "app-kill" ? "App killed -9 and started again" : `PostgreSQL \`restart -m ${run.kind === "pg-fast" ? "fast" : "immediate"}\``} after ${run.acknowledgedBefore} acknowledgements: ${(run.downMs / 1000).toFixed(1)} s until ${run.kind === "app-kill" ? "the new app was ready" : "PostgreSQL accepted connections"}; first acknowledged submission ${firstSuccessMs === null ? "never" : `${(firstSuccessMs / 1000).toFixed(2)} s`} later.`),
    `- Hung requests (no answer within 30 s): ${hung}; slowest answer ${(slowest / 1000).toFixed(2)} s.`,
    `- The app's warnings and errors: ${formatTally(tally(options.appLog.filter((line) => ["warn", "error", "fatal"].includes(String(line.level))).map(logSummary))) || "none"}.`,
  ];
  return { cases, figures };
}

/** Milliseconds from `upAt` to the first acknowledgement of an attempt sent after it. */
function firstSuccessAfter(attempts: { sentAt: number; doneAt: number; outcome: string }[], upAt: number): number | null {
  const after = attempts.filter((attempt) => attempt.sentAt >= upAt && isAcknowledgement(attempt.outcome)).map((attempt) => attempt.doneAt - upAt);
  return after.length === 0 ? null : Math.min(...after);
}

// "msg: error message" with ids and numbers blurred, so the same failure is counted as one kind.
function logSummary(line: Record<string, unknown>): string {
  const err = line.err as { message?: string } | undefined;
  const message = (err?.message ?? "").split("\n").find((part) => part.trim().length > 0)?.trim().slice(0, 90) ?? "";
  return `${String(line.msg)}${message ? `: ${message.replace(/[0-9a-f-]{36}|\d+/g, "…")}` : ""}`;
}

function tally(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

function formatTally(counts: Map<string, number>): string {
  return [...counts].sort((a, b) => b[1] - a[1]).map(([value, count]) => `${value} ×${count}`).join(", ");
}
