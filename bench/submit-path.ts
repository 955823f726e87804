// Submit-path benchmark: N clients (1, 8, 32) submitting valid records through
// the real HTTP API (POST /api/records with an API token: auth, validation
// against the contract and its rules, rater block, canonical hash, record and
// audit event in one transaction) vs raw `pg` INSERTs of the same bodies into
// the same table through a pool of the app's size, in the same run.
// Run: npm run bench:submit [-- --quick | SECONDS]   (own database; needs `npm run build`)
import { randomUUID } from "node:crypto";
import pg from "pg";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { createApiToken } from "@/lib/auth/api-tokens";
import { getEnv, requireDatabaseUrl } from "@/lib/env";
import { createTestUser } from "@/lib/testing/test-users";
import { startBenchServer } from "./support/app-server";
import { closedLoop, type LoopFigures } from "./support/closed-loop";
import { benchArgs, ratio, reportBench } from "./support/report";

const PORT = 3160;
const CLIENTS = [1, 8, 32];
const { quick, sizes } = benchArgs();
const durationMs = (sizes[0] ?? (quick ? 1.5 : 10)) * 1000;
const databaseUrl = requireDatabaseUrl();
const poolMax = getEnv().DATABASE_POOL_MAX;

const draft = withoutRater(chatDraft({ task: { ...chatDraft().task, suite_id: "bench-submit" } }));
const body = JSON.stringify(draft);

const rater = await createTestUser(["rater"], { label: "bench" });
const { token } = await createApiToken({ actor: rater, name: "bench", roles: ["rater"] });
const server = await startBenchServer({ port: PORT, databaseUrl });
const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax });

const submitOverHttp = async () => {
  const response = await fetch(`${server.url}/api/records`, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body });
  await response.arrayBuffer();
  return response.status === 201;
};
const insertWithPg = async () => {
  const evalId = randomUUID();
  const createdAt = new Date().toISOString();
  const record = { ...draft, schema_version: "1.0.0", eval_id: evalId, created_at: createdAt, rater: { type: "human", id: rater.userId } };
  await pool.query(
    "INSERT INTO eval_record (eval_id, created_at, rater_type, rater_id, task_id, suite_id, body) VALUES ($1, $2, 'human', $3, $4, 'bench-submit', $5)",
    [evalId, createdAt, rater.userId, (draft.task as { task_id: string }).task_id, JSON.stringify(record)],
  );
  return true;
};

// The framework's own ceiling: a route that touches no database (GET /api/health).
const health = async () => {
  const response = await fetch(`${server.url}/api/health`);
  await response.arrayBuffer();
  return response.ok;
};

const results: { clients: number; app: LoopFigures; raw: LoopFigures; floor: LoopFigures }[] = [];
try {
  // Warm both paths (route compilation, JIT, connections) before measuring.
  await closedLoop({ clients: 8, durationMs: 1000, request: submitOverHttp });
  await closedLoop({ clients: 8, durationMs: 500, request: insertWithPg });
  for (const clients of CLIENTS) {
    const raw = await closedLoop({ clients, durationMs, request: insertWithPg });
    const app = await closedLoop({ clients, durationMs, request: submitOverHttp });
    const floor = await closedLoop({ clients, durationMs: Math.min(durationMs, 3_000), request: health });
    if (app.errors > 0 || raw.errors > 0) throw new Error(`errors: app ${app.errors}, pg ${raw.errors}`);
    results.push({ clients, app, raw, floor });
  }
  const stored = await pool.query<{ n: string }>("SELECT count(*) AS n FROM eval_record WHERE suite_id = 'bench-submit' AND submitted_by_id IS NOT NULL");
  const expected = results.reduce((sum, row) => sum + row.app.requests, 0);
  if (Number(stored.rows[0]!.n) < expected) throw new Error(`only ${stored.rows[0]!.n} of ${expected} acknowledged submissions are stored`);
} finally {
  await server.stop();
  await pool.end();
}

const ms = (value: number) => value.toFixed(1);
const at32 = results.find((row) => row.clients === 32)!;
reportBench({
  id: "submit",
  title: "1. Submit path",
  baseline: `raw \`pg\` INSERTs of the same record bodies into \`eval_record\`, pool of ${poolMax} (the app's DATABASE_POOL_MAX)`,
  sizes: `${durationMs / 1000} s per concurrency level, closed loop`,
  tables: [{
    header: ["clients", "raw pg inserts/s", "p50 / p95 / p99 ms", "app submits/s", "p50 / p95 / p99 ms", "ratio", "GET /api/health req/s (no database)"],
    rows: results.map(({ clients, app, raw, floor }) => [
      String(clients), raw.perSecond.toFixed(0), `${ms(raw.p50)} / ${ms(raw.p95)} / ${ms(raw.p99)}`,
      app.perSecond.toFixed(0), `${ms(app.p50)} / ${ms(app.p95)} / ${ms(app.p99)}`, ratio(app.perSecond, raw.perSecond), floor.perSecond.toFixed(0),
    ]),
  }],
  targets: [
    ...results.map(({ clients, app, raw }) => ({ name: `throughput vs raw pg, ${clients} client${clients > 1 ? "s" : ""}`, target: "≥ 0.50", measured: ratio(app.perSecond, raw.perSecond), met: app.perSecond / raw.perSecond >= 0.5 })),
    { name: "p95 latency at 32 clients", target: "≤ 25 ms", measured: `${ms(at32.app.p95)} ms`, met: at32.app.p95 <= 25 },
  ],
  notes: ["The last column is the ceiling of the HTTP stack itself on this machine: Next.js answering a route that reads nothing, at the same concurrency."],
});
process.exit(0);
