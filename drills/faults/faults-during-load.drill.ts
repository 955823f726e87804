// Drill 1: submissions from concurrent clients while the database goes away
// and the app is killed -9: on the direct setup PostgreSQL (a throwaway cluster
// of our own) restarts; behind PgBouncer the pooler restarts too; on the
// embedded default its server is killed -9, and once with the app's whole
// process tree. Clients retry with the same Idempotency-Key until acknowledged;
// afterwards the database must hold every acknowledged submission exactly once
// and nothing else.
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { prepareSetup, type DatabaseSetup, type SetupName } from "@/process-tests/support/database-setups";
import { drillCase, type Drill, type DrillCase, type DrillContext, type DrillResult } from "../support/drill";
import { createDrillUser, sessionOf, startDrillApp, type DrillApp } from "./drill-app";
import { startPgCluster, type PgCluster } from "./pg-cluster";
import { HUNG, isAcknowledgement, submitUntilAcknowledged, type Submission } from "./retrying-client";
import { idempotencyCases } from "./idempotency-cases";
import { testPort } from "@/lib/testing/test-ports";

const PORT = testPort(3501);
const CLIENTS = 20;
const CLIENT_TIMEOUT_MS = 30_000;

type FaultKind =
  "pg-fast" | "pg-immediate" | "app-kill" | "pooler-restart" | "embedded-kill" | "app-tree-kill" | "group-sigterm";
type Fault = { at: number; kind: FaultKind };
type FaultRun = {
  kind: FaultKind;
  acknowledgedBefore: number;
  downMs: number;
  upAt: number;
  appPid?: number;
  pidAfter?: number;
  /** group-sigterm: each round's exit code, acknowledgements during it, and whether PostgreSQL outlived the app. */
  sigtermRounds?: SigtermRound[];
  sigtermPlanned?: number;
};
type SigtermRound = { exitCode: number | null; underLoad: boolean; serverLeftRunning: boolean };

/**
 * Stops of the whole process group under load, as systemd stops a service (issue: tsx's relay could SIGKILL the
 * launcher). Each round restarts `npm run serve` (~10 s), so the quick run that CI makes does 6 and --full 20.
 */
const SIGTERM_ROUNDS = 20;
const QUICK_SIGTERM_ROUNDS = 6;
const sigtermRoundCount = (full: boolean) => (full ? SIGTERM_ROUNDS : QUICK_SIGTERM_ROUNDS);

/** The app itself goes away in these; in the others only its database does. */
const APP_FAULTS: FaultKind[] = ["app-kill", "app-tree-kill", "group-sigterm"];

const FAULT_TEXT: Record<FaultKind, string> = {
  "pg-fast": "PostgreSQL `restart -m fast`",
  "pg-immediate": "PostgreSQL `restart -m immediate` (a crash)",
  "app-kill": "the app killed -9 and started again",
  "pooler-restart": "PgBouncer restarted (immediate shutdown)",
  "embedded-kill": "the embedded PostgreSQL killed -9 (its supervisor starts it again)",
  "app-tree-kill":
    "the app and its embedded PostgreSQL killed -9 together, then `npm run serve` again (stale pid file, crash recovery)",
  "group-sigterm": `SIGTERM to \`npm run serve\`'s whole process group (as systemd stops it), ${SIGTERM_ROUNDS} times (${QUICK_SIGTERM_ROUNDS} in the quick run), each once the app acknowledged new submissions, then started again`,
};

function plan(setup: SetupName, full: boolean): { submissions: number; faults: Fault[] } {
  const kinds: Record<SetupName, FaultKind[]> = {
    direct: full ? ["pg-fast", "app-kill", "pg-immediate"] : ["pg-fast", "app-kill"],
    pgbouncer: full ? ["pooler-restart", "app-kill", "pg-immediate"] : ["pooler-restart", "app-kill", "pg-fast"],
    embedded: full
      ? ["embedded-kill", "app-tree-kill", "embedded-kill", "group-sigterm"]
      : ["embedded-kill", "app-tree-kill", "group-sigterm"],
  };
  const at = full ? [150, 420, 700, 800] : [60, 170, 240];
  // Each SIGTERM round waits for fresh acknowledgements, so the embedded setup's load lasts through all of them.
  const rounds = kinds[setup].includes("group-sigterm") ? sigtermRoundCount(full) * 15 : 0;
  return {
    submissions: (full ? 1_000 : 300) + rounds,
    faults: kinds[setup].map((kind, index) => ({ at: at[index]!, kind })),
  };
}

export const faultsDuringLoadDrill: Drill = {
  id: "faults",
  title: "1. Faults during load",
  summary:
    "Submissions (`POST /api/records`) from 20 concurrent clients against the built app while its database goes away under load and the app keeps running, and the app is killed -9 once and started again. Direct: a throwaway PostgreSQL cluster of the drill's own (initdb, its own port) is restarted (`pg_ctl restart -m fast`, and in --full also `-m immediate`, a crash). PgBouncer: the pooler is restarted, and PostgreSQL behind it. Embedded default: its server is killed -9, once the app's whole process tree with it, and then `npm run serve`'s process group gets SIGTERM 20 times, as systemd stops a service, each once new submissions were acknowledged: the app must exit 0 and its PostgreSQL must never outlive it. Each client retries an unacknowledged submission with the same `Idempotency-Key` (backoff 50–2,000 ms, client timeout 30 s). tried = submissions; refused = attempts the app refused or could not take (5xx, connection refused or reset) and that were retried; lost = acknowledged submissions not stored; duplicated = rows beyond one per submission.",
  quick: true,
  everySetup: true,
  run: runFaultsDrill,
};

async function runFaultsDrill(context: DrillContext): Promise<DrillResult> {
  const { submissions: total, faults } = plan(context.setup, context.full);
  // The embedded default brings its own server; the others get a cluster of the drill's own, which it may restart.
  const cluster = context.setup === "embedded" ? null : await startPgCluster();
  let setup: DatabaseSetup | null = null;
  let app: DrillApp | null = null;
  try {
    if (cluster) context.log(`PostgreSQL cluster on port ${cluster.port} (${cluster.dataDir})`);
    setup = await prepareSetup(context.setup, {
      label: "faults",
      databaseUrl: cluster ? await cluster.createDatabase("evalform") : undefined,
    });
    app = await startDrillApp({
      port: PORT,
      setup,
      env: { DATABASE_CONNECT_TIMEOUT_MS: "5000", DATABASE_STATEMENT_TIMEOUT_MS: "15000" },
    });
    const rater = await createDrillUser(setup.databaseUrl(), ["rater"], "faults");
    const cookie = await sessionOf(app.url, rater);
    const runTag = `faults-${Date.now().toString(36)}`;
    const load = await runLoad({ context, app, cluster, setup, cookie, runTag, total, faults });
    const counted = await countStored(setup.databaseUrl(), runTag);
    const idempotency = await idempotencyCases({ url: app.url, cookie, runTag });
    // For a post-mortem: what the app processes wrote (the killed one too).
    const logFile = path.join(os.tmpdir(), `${runTag}-app.log`);
    writeFileSync(logFile, app.output());
    context.log(`app output in ${logFile}`);
    return report({ runTag, total, load, counted, idempotency, appLog: app.logLines() });
  } finally {
    app?.dispose();
    await setup?.stop();
    cluster?.stop();
  }
}

type Load = { submissions: Submission[]; faultRuns: FaultRun[]; seconds: number };

async function inflict(kind: FaultKind, app: DrillApp, cluster: PgCluster | null, setup: DatabaseSetup): Promise<void> {
  if (kind === "app-kill" || kind === "app-tree-kill") {
    await Promise.all([app.kill(), kind === "app-tree-kill" ? setup.killServer?.() : undefined]);
    await app.start();
  } else if (kind === "pg-fast" || kind === "pg-immediate") {
    await cluster!.restart(kind === "pg-fast" ? "fast" : "immediate");
  } else {
    await setup.fault!.inflict();
  }
}

async function runLoad(options: {
  context: DrillContext;
  app: DrillApp;
  cluster: PgCluster | null;
  setup: DatabaseSetup;
  cookie: string;
  runTag: string;
  total: number;
  faults: Fault[];
}): Promise<Load> {
  const { app, context } = options;
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
      run.appPid = app.current().child.pid;
      if (fault.kind === "group-sigterm") {
        run.sigtermPlanned = sigtermRoundCount(options.context.full);
        run.sigtermRounds = await sigtermRounds(
          app,
          options.setup,
          () => acknowledged,
          () => next < options.total,
          run.sigtermPlanned,
        );
      } else await inflict(fault.kind, app, options.cluster, options.setup);
      run.pidAfter = app.current().child.pid;
      run.upAt = performance.now();
      run.downMs = run.upAt - down;
      context.log(
        `${fault.kind} after ${run.acknowledgedBefore} acknowledged: back after ${(run.downMs / 1000).toFixed(1)} s`,
      );
      faultRuns.push(run);
    }
  };
  await Promise.all([...Array.from({ length: CLIENTS }, worker), chaos()]);
  return { submissions, faultRuns, seconds: (performance.now() - started) / 1000 };
}

async function sigtermRounds(
  app: DrillApp,
  setup: DatabaseSetup,
  acknowledged: () => number,
  loadLeft: () => boolean,
  count: number,
): Promise<SigtermRound[]> {
  const rounds: SigtermRound[] = [];
  for (let round = 0; round < count; round++) {
    const before = acknowledged();
    const deadline = Date.now() + 60_000;
    while (acknowledged() < before + 5 && loadLeft() && Date.now() < deadline) await sleep(20);
    const underLoad = acknowledged() >= before + 5;
    const exit = await app.terminateGroup();
    const serverLeftRunning = setup.serverRunning?.() ?? false;
    // Leave nothing behind for the next round: a server left running would be another fault's doing.
    if (serverLeftRunning) await setup.killServer?.();
    rounds.push({ exitCode: exit.code, underLoad, serverLeftRunning });
    await app.start();
  }
  return rounds;
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

function report(options: {
  runTag: string;
  total: number;
  load: Load;
  counted: Counted;
  idempotency: DrillCase[];
  appLog: Record<string, unknown>[];
}): DrillResult {
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
  const duplicated =
    [...counted.rowsByTask.values()].reduce((sum, ids) => sum + ids.length - 1, 0) + ackedTwiceDifferently;
  const attempts = load.submissions.flatMap((submission) => submission.attempts);
  const outcomes = tally(attempts.map((attempt) => attempt.outcome));
  const refused = attempts.filter((attempt) => !isAcknowledgement(attempt.outcome) && attempt.outcome !== HUNG).length;
  const hung = attempts.filter((attempt) => attempt.outcome === HUNG).length;
  const retries = attempts.length - load.submissions.length;
  const replayed = load.submissions.reduce((sum, submission) => sum + submission.replayed, 0);
  const serverErrors = attempts
    .map((attempt) => attempt.outcome)
    .filter((outcome) => /^5\d\d/.test(outcome) && outcome !== "503");
  const slowest = Math.max(...attempts.map((attempt) => attempt.doneAt - attempt.sentAt));

  const recoveries = load.faultRuns.map((run) => ({ run, firstSuccessMs: firstSuccessAfter(attempts, run.upAt) }));
  const pgRuns = recoveries.filter(({ run }) => !APP_FAULTS.includes(run.kind));
  const poolRecovered = pgRuns.every(
    ({ run, firstSuccessMs }) => firstSuccessMs !== null && firstSuccessMs < 15_000 && run.appPid === run.pidAfter,
  );
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
      name: "the pool recovers each time the database comes back, app not restarted",
      tried: pgRuns.length,
      refused: 0,
      lost: 0,
      duplicated: 0,
      ok: pgRuns.length > 0 && poolRecovered,
      detail: pgRuns
        .map(
          ({ run, firstSuccessMs }) =>
            `${run.kind}: down ${(run.downMs / 1000).toFixed(1)} s, first success ${firstSuccessMs === null ? "never" : `${(firstSuccessMs / 1000).toFixed(2)} s`} after it was back, app pid ${run.appPid === run.pidAfter ? "unchanged" : "CHANGED"}`,
        )
        .join("; "),
    }),
    drillCase({
      name: "while the database is away the app answers 503 with Retry-After, never another 5xx",
      tried: attempts.length,
      refused: 0,
      lost: 0,
      duplicated: 0,
      ok: serverErrors.length === 0,
      detail:
        serverErrors.length === 0
          ? `${outcomes.get("503") ?? 0} answers 503 with Retry-After, no other 5xx`
          : `other server errors: ${formatTally(tally(serverErrors))}`,
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
    ...sigtermCases(load.faultRuns),
    ...options.idempotency,
  ];
  const figures = [
    `- Load: ${total} submissions in ${load.seconds.toFixed(1)} s (${(total / load.seconds).toFixed(1)}/s including the faults), ${attempts.length} attempts, ${retries} retries, ${replayed} replayed answers (\`Idempotent-Replayed: true\`: stored before, acknowledged only on a retry).`,
    `- Outcomes of attempts: ${formatTally(outcomes)}.`,
    ...recoveries.map(
      ({ run, firstSuccessMs }) =>
        `- ${FAULT_TEXT[run.kind]} after ${run.acknowledgedBefore} acknowledgements: ${(run.downMs / 1000).toFixed(1)} s until ${APP_FAULTS.includes(run.kind) ? "the new app was ready" : "the database accepted connections again"}; first acknowledged submission ${firstSuccessMs === null ? "never" : `${(firstSuccessMs / 1000).toFixed(2)} s`} later.`,
    ),
    `- Hung requests (no answer within 30 s): ${hung}; slowest answer ${(slowest / 1000).toFixed(2)} s.`,
    `- The app's warnings and errors: ${formatTally(tally(options.appLog.filter((line) => ["warn", "error", "fatal"].includes(String(line.level))).map(logSummary))) || "none"}.`,
  ];
  return { cases, figures };
}

function sigtermCases(runs: FaultRun[]): DrillCase[] {
  return runs.flatMap((run) => {
    const rounds = run.sigtermRounds;
    if (!rounds) return [];
    const leftRunning = rounds.filter((round) => round.serverLeftRunning).length;
    const exitCodes = formatTally(tally(rounds.map((round) => String(round.exitCode))));
    return [
      drillCase({
        name: `SIGTERM to the app's process group under load, ${rounds.length} times: PostgreSQL never outlives the app`,
        tried: rounds.length,
        refused: 0,
        lost: 0,
        duplicated: 0,
        ok: rounds.length === run.sigtermPlanned && leftRunning === 0 && rounds.every((round) => round.exitCode === 0),
        detail: `${leftRunning} of ${rounds.length} stops left the embedded PostgreSQL running; exit codes ${exitCodes}; ${rounds.filter((round) => round.underLoad).length} stops while submissions were being acknowledged`,
      }),
    ];
  });
}

/** Milliseconds from `upAt` to the first acknowledgement of an attempt sent after it. */
function firstSuccessAfter(
  attempts: { sentAt: number; doneAt: number; outcome: string }[],
  upAt: number,
): number | null {
  const after = attempts
    .filter((attempt) => attempt.sentAt >= upAt && isAcknowledgement(attempt.outcome))
    .map((attempt) => attempt.doneAt - upAt);
  return after.length === 0 ? null : Math.min(...after);
}

// "msg: error message" with ids and numbers blurred, so the same failure is counted as one kind.
function logSummary(line: Record<string, unknown>): string {
  const err = line.err as { message?: string } | undefined;
  const message =
    (err?.message ?? "")
      .split("\n")
      .find((part) => part.trim().length > 0)
      ?.trim()
      .slice(0, 90) ?? "";
  return `${String(line.msg)}${message ? `: ${message.replace(/[0-9a-f-]{36}|\d+/g, "…")}` : ""}`;
}

function tally(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

function formatTally(counts: Map<string, number>): string {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([value, count]) => `${value} ×${count}`)
    .join(", ");
}
