// Export benchmark: JSONL export of N records through the running app's HTTP
// API (POST /api/exports, then GET its file) beside `psql \copy (SELECT body …) TO STDOUT` of the
// same rows in the same run, with the server's peak resident memory sampled
// while it streams. Bodies are a realistic chat record (~1.5 kB). On a direct
// PostgreSQL and, at 100,000 records, on the embedded default.
// Run: npm run bench:export [-- --quick | 100000 1000000]   (own database; needs `npm run build`)
import { spawnSync } from "node:child_process";
import pg from "pg";
import { chatDraft } from "@/lib/aif/sample-drafts";
import { createApiToken } from "@/lib/auth/api-tokens";
import { requireDatabaseUrl } from "@/lib/env";
import { backfillRecordHashes } from "@/lib/migrations/backfill-record-hashes";
import { createTestUser } from "@/lib/testing/test-users";
import { residentMb, startBenchServer } from "./support/app-server";
import { startEmbeddedBenchApp } from "./support/embedded-app";
import { benchArgs, ratio, reportBench } from "./support/report";
import { testPort } from "@/lib/testing/test-ports";
import { randomBytes } from "node:crypto";

const { quick, sizes: given } = benchArgs();
const sizes = given.length > 0 ? given : quick ? [10_000] : [100_000, 1_000_000];
const embeddedSizes = quick ? [5_000] : [100_000];
const PORT = testPort(3150);
// The direct server answers /api/metrics, so its V8 heap can be sampled beside its RSS: growth that is
// heap headroom (collected garbage V8 keeps reserved) reads differently from growth that is data held.
const METRICS_TOKEN = randomBytes(32).toString("base64");

type Target = {
  setup: "direct" | "embedded";
  url: string;
  databaseUrl: string;
  pool: pg.Pool;
  token: string;
  pids: () => number[];
  metricsToken?: string;
  stored: number;
  stop: () => Promise<void>;
};

const template = { ...chatDraft(), schema_version: "1.0.0" };
/** Adds rows until the table holds `count` records, each with its fingerprint. */
async function fillTo(target: Target, count: number): Promise<void> {
  if (count <= target.stored) return;
  const { pool } = target;
  await pool.query(
    `
    INSERT INTO eval_record (eval_id, created_at, rater_type, rater_id, task_id, suite_id, body)
    SELECT id, ts, 'human', 'bench-rater', 'task-' || i, 'bench-export',
           $1::jsonb || jsonb_build_object('eval_id', id, 'created_at', to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'rater', jsonb_build_object('type', 'human', 'id', 'bench-rater'),
             'task', ($1::jsonb -> 'task') || jsonb_build_object('task_id', 'task-' || i, 'suite_id', 'bench-export'))
    FROM (SELECT gen_random_uuid() AS id, timestamptz '2026-01-01' + i * interval '1 millisecond' AS ts, i FROM generate_series($2::int, $3::int) i) rows`,
    [JSON.stringify(template), target.stored + 1, count],
  );
  const client = await pool.connect();
  try {
    // The append-only trigger checks every update row by row; this throwaway
    // database skips it while the fingerprints are filled (1M rows in minutes, not an hour).
    await client.query("ALTER TABLE eval_record DISABLE TRIGGER USER");
    await backfillRecordHashes(client);
    await client.query("ALTER TABLE eval_record ENABLE TRIGGER USER");
  } finally {
    client.release();
  }
  await pool.query("VACUUM ANALYZE eval_record");
  target.stored = count;
}

function psqlCopy(target: Target): { seconds: number; bytes: number } {
  const start = performance.now();
  const result = spawnSync(
    "sh",
    [
      "-c",
      `psql "${target.databaseUrl}" -q -c "\\copy (SELECT body FROM eval_record WHERE suite_id = 'bench-export') TO STDOUT" | wc -c`,
    ],
    { encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`);
  return { seconds: (performance.now() - start) / 1000, bytes: Number(result.stdout.trim()) };
}

async function appExport(target: Target): Promise<{
  seconds: number;
  bytes: number;
  records: number;
  peakMb: number;
  idleMb: number;
  heap: HeapPeaks | null;
}> {
  const tree = target.pids();
  const idleMb = residentMb(tree);
  let peakMb = idleMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, residentMb(tree))), 50);
  const heap = target.metricsToken ? sampleHeap(target.url, target.metricsToken) : null;
  const start = performance.now();
  const started = await fetch(`${target.url}/api/exports`, {
    method: "POST",
    headers: { Authorization: `Bearer ${target.token}`, "content-type": "application/json" },
    body: JSON.stringify({ suite_id: "bench-export" }),
  });
  if (started.status !== 201) throw new Error(`export not started: ${started.status} ${await started.text()}`);
  const response = await fetch(`${target.url}${((await started.json()) as { file: string }).file}`, {
    headers: { Authorization: `Bearer ${target.token}` },
  });
  if (!response.ok || !response.body) throw new Error(`export failed: ${response.status} ${await response.text()}`);
  let bytes = 0;
  let records = 0;
  const reader = response.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    bytes += next.value.length;
    for (let index = next.value.indexOf(10); index !== -1; index = next.value.indexOf(10, index + 1)) records += 1;
  }
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  return {
    seconds,
    bytes,
    records,
    peakMb: Math.max(peakMb, residentMb(tree)),
    idleMb,
    heap: (await heap?.stop()) ?? null,
  };
}

type HeapPeaks = { usedMb: number; totalMb: number; externalMb: number; samples: number };

/** Polls the server's prom-client gauges every 200 ms until stopped; the peaks of V8's used and reserved heap and external memory. */
function sampleHeap(url: string, token: string): { stop: () => Promise<HeapPeaks> } {
  const peaks: HeapPeaks = { usedMb: 0, totalMb: 0, externalMb: 0, samples: 0 };
  let running = true;
  const gauge = (text: string, name: string) =>
    Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1] ?? 0) / 2 ** 20;
  const loop = (async () => {
    while (running) {
      const text = await fetch(`${url}/api/metrics`, { headers: { Authorization: `Bearer ${token}` } }).then((r) =>
        r.text(),
      );
      peaks.usedMb = Math.max(peaks.usedMb, gauge(text, "nodejs_heap_size_used_bytes"));
      peaks.totalMb = Math.max(peaks.totalMb, gauge(text, "nodejs_heap_size_total_bytes"));
      peaks.externalMb = Math.max(peaks.externalMb, gauge(text, "nodejs_external_memory_bytes"));
      peaks.samples += 1;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return peaks;
    },
  };
}

async function directTarget(): Promise<Target> {
  const databaseUrl = requireDatabaseUrl();
  const admin = await createTestUser(["admin"]);
  const { token } = await createApiToken({ actor: admin, name: "bench", roles: ["admin"] });
  const server = await startBenchServer({ port: PORT, databaseUrl, env: { EVALFORM_METRICS_TOKEN: METRICS_TOKEN } });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  return {
    setup: "direct",
    url: server.url,
    databaseUrl,
    pool,
    token,
    pids: server.pids,
    metricsToken: METRICS_TOKEN,
    stored: 0,
    stop: async () => {
      await server.stop();
      await pool.end();
    },
  };
}

async function embeddedTarget(): Promise<Target> {
  const app = await startEmbeddedBenchApp({ port: PORT + 1 });
  const pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  pool.on("error", () => undefined);
  return {
    setup: "embedded",
    url: app.url,
    databaseUrl: app.databaseUrl,
    pool,
    token: await app.token(["admin"]),
    pids: app.pids,
    stored: 0,
    stop: async () => {
      await pool.end();
      await app.stop();
    },
  };
}

type Row = {
  setup: Target["setup"];
  size: number;
  copyRate: number;
  copySeconds: number;
  copyMb: number;
  appRate: number;
  appSeconds: number;
  appMb: number;
  idleMb: number;
  peakMb: number;
  heap: HeapPeaks | null;
};

async function measure(target: Target, targetSizes: number[]): Promise<Row[]> {
  const rows: Row[] = [];
  try {
    // Warm the route (module load, JIT) before anything is measured.
    await fillTo(target, Math.min(...targetSizes, 5_000));
    await appExport(target);
    for (const size of targetSizes) {
      await fillTo(target, size);
      // One warm-up of each, so both read from a warm cache.
      psqlCopy(target);
      const copy = psqlCopy(target);
      const app = await appExport(target);
      if (app.records !== size)
        throw new Error(`${target.setup}: the export held ${app.records} records, expected ${size}`);
      rows.push({
        setup: target.setup,
        size,
        copyRate: size / copy.seconds,
        copySeconds: copy.seconds,
        copyMb: copy.bytes / 1e6,
        appRate: size / app.seconds,
        appSeconds: app.seconds,
        heap: app.heap,
        appMb: app.bytes / 1e6,
        idleMb: app.idleMb,
        peakMb: app.peakMb,
      });
    }
  } finally {
    await target.stop();
  }
  return rows;
}

const rows = [
  ...(await measure(await directTarget(), sizes)),
  ...(await measure(await embeddedTarget(), embeddedSizes)),
];
const count = (value: number) => Math.round(value).toLocaleString("en");
const direct = rows.filter((row) => row.setup === "direct");
const largest = direct.at(-1)!;
const smallest = direct[0]!;
const growth = (row: Row) => row.peakMb - row.idleMb;
reportBench({
  id: "export",
  title: "2. Export",
  baseline: "`psql \\copy (SELECT body FROM eval_record …) TO STDOUT` of the same rows",
  sizes: `${sizes.map((size) => `${count(size)} records`).join(", ")} on a direct PostgreSQL; ${embeddedSizes.map((size) => `${count(size)}`).join(", ")} on the embedded default`,
  tables: [
    {
      header: [
        "database",
        "records",
        "psql \\copy of the bodies",
        "app JSONL export over HTTP",
        "ratio",
        "server RSS idle → peak",
        "V8 heap used / reserved peak, external peak",
      ],
      rows: rows.map((row) => [
        row.setup === "direct" ? "direct PostgreSQL" : "embedded default",
        count(row.size),
        `${count(row.copyRate)} rec/s (${row.copySeconds.toFixed(2)} s, ${row.copyMb.toFixed(0)} MB)`,
        `${count(row.appRate)} rec/s (${row.appSeconds.toFixed(2)} s, ${row.appMb.toFixed(0)} MB)`,
        ratio(row.appRate, row.copyRate),
        `${row.idleMb.toFixed(0)} MB → ${row.peakMb.toFixed(0)} MB`,
        row.heap
          ? `${row.heap.usedMb.toFixed(0)} / ${row.heap.totalMb.toFixed(0)} MB, ${row.heap.externalMb.toFixed(0)} MB`
          : "not sampled",
      ]),
    },
  ],
  targets: [
    ...rows.map((row) => ({
      name: `records/s vs psql \\copy, ${count(row.size)} records${row.setup === "embedded" ? ", embedded default" : ""}`,
      target: "≥ 0.70",
      measured: ratio(row.appRate, row.copyRate),
      met: row.appRate / row.copyRate >= 0.7,
    })),
    {
      name: `server RSS growth (peak − idle), ${count(largest.size)} records`,
      target: "≤ 100 MB",
      measured: `${growth(largest).toFixed(0)} MB (idle ${largest.idleMb.toFixed(0)} MB)`,
      met: growth(largest) <= 100,
    },
    ...(smallest !== largest
      ? [
          {
            name: `RSS growth flat in the record count (${count(smallest.size)} → ${count(largest.size)})`,
            target: "≤ +25 MB",
            measured: `${growth(smallest).toFixed(0)} → ${growth(largest).toFixed(0)} MB`,
            met: growth(largest) - growth(smallest) <= 25,
          },
        ]
      : []),
  ],
});
process.exit(0);
