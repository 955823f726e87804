// Export benchmark: JSONL export of N records through the running app's HTTP
// API (GET /api/export) beside `psql \copy (SELECT body …) TO STDOUT` of the
// same rows in the same run, with the server's peak resident memory sampled
// while it streams. Bodies are a realistic chat record (~1.5 kB).
// Run: npm run bench:export [-- 100000 1000000]   (own database; needs `npm run build`)
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import pg from "pg";
import { chatDraft } from "@/lib/aif/sample-drafts";
import { createApiToken } from "@/lib/auth/api-tokens";
import { requireDatabaseUrl } from "@/lib/env";
import { backfillRecordHashes } from "@/lib/migrations/backfill-record-hashes";
import { createTestUser } from "@/lib/testing/test-users";

const SIZES = process.argv.slice(2).map(Number).filter((size) => size > 0);
const sizes = SIZES.length > 0 ? SIZES : [100_000, 1_000_000];
const PORT = 3150;
const databaseUrl = requireDatabaseUrl();
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });

const template = { ...chatDraft(), schema_version: "1.0.0" };
let stored = 0;
/** Adds rows until the table holds `count` records, each with its fingerprint. */
async function fillTo(count: number): Promise<void> {
  if (count <= stored) return;
  await pool.query(`
    INSERT INTO eval_record (eval_id, created_at, rater_type, rater_id, task_id, suite_id, body)
    SELECT id, ts, 'human', 'bench-rater', 'task-' || i, 'bench-export',
           $1::jsonb || jsonb_build_object('eval_id', id, 'created_at', to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'rater', jsonb_build_object('type', 'human', 'id', 'bench-rater'),
             'task', ($1::jsonb -> 'task') || jsonb_build_object('task_id', 'task-' || i, 'suite_id', 'bench-export'))
    FROM (SELECT gen_random_uuid() AS id, timestamptz '2026-01-01' + i * interval '1 millisecond' AS ts, i FROM generate_series($2::int, $3::int) i) rows`,
  [JSON.stringify(template), stored + 1, count]);
  const client = await pool.connect();
  try {
    await backfillRecordHashes(client);
  } finally {
    client.release();
  }
  await pool.query("VACUUM ANALYZE eval_record");
  stored = count;
}

function psqlCopy(): { seconds: number; bytes: number } {
  const start = performance.now();
  const result = spawnSync("sh", ["-c", `psql "${databaseUrl}" -q -c "\\copy (SELECT body FROM eval_record WHERE suite_id = 'bench-export') TO STDOUT" | wc -c`], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`);
  return { seconds: (performance.now() - start) / 1000, bytes: Number(result.stdout.trim()) };
}

/** The pids of a process and its descendants (next start runs the server in a child). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index += 1) tree.push(...(children.get(tree[index]!) ?? []));
  return tree;
}

function residentMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // Gone.
    }
  }
  return kb / 1024;
}

async function startServer(): Promise<{ stop: () => void; pids: () => number[] }> {
  const busy = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(() => true, () => false);
  if (busy) throw new Error(`port ${PORT} is taken: stop what runs there first`);
  const server = spawn("node_modules/.bin/next", ["start", "--port", String(PORT), "--hostname", "127.0.0.1"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, BETTER_AUTH_SECRET: randomBytes(32).toString("base64"), NEXT_TELEMETRY_DISABLED: "1", EVALFORM_BASE_URL: `http://127.0.0.1:${PORT}` },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return { stop: () => server.kill("SIGTERM"), pids: () => processTree(server.pid!) };
}

async function appExport(token: string, pids: () => number[]): Promise<{ seconds: number; bytes: number; records: number; peakMb: number; idleMb: number }> {
  const tree = pids();
  const idleMb = residentMb(tree);
  let peakMb = idleMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, residentMb(tree))), 50);
  const start = performance.now();
  const response = await fetch(`http://127.0.0.1:${PORT}/api/export?suite_id=bench-export`, { headers: { Authorization: `Bearer ${token}` } });
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
  return { seconds, bytes, records, peakMb: Math.max(peakMb, residentMb(tree)), idleMb };
}

const admin = await createTestUser(["admin"]);
const { token } = await createApiToken({ actor: admin, name: "bench", roles: ["admin"] });
const server = await startServer();
const rows: string[] = [];
try {
  // Warm the route (module load, JIT) before anything is measured.
  await fillTo(Math.min(...sizes, 5_000));
  await appExport(token, server.pids);
  for (const size of sizes) {
    await fillTo(size);
    // One warm-up of each, so both read from a warm cache.
    psqlCopy();
    const copy = psqlCopy();
    const app = await appExport(token, server.pids);
    if (app.records !== size) throw new Error(`the export held ${app.records} records, expected ${size}`);
    const copyRate = size / copy.seconds;
    const appRate = size / app.seconds;
    rows.push(`| ${size.toLocaleString("en")} | ${Math.round(copyRate).toLocaleString("en")} rec/s (${copy.seconds.toFixed(2)} s, ${(copy.bytes / 1e6).toFixed(0)} MB) | ${Math.round(appRate).toLocaleString("en")} rec/s (${app.seconds.toFixed(2)} s, ${(app.bytes / 1e6).toFixed(0)} MB) | ${(appRate / copyRate).toFixed(2)} | ${app.idleMb.toFixed(0)} MB → ${app.peakMb.toFixed(0)} MB |`);
  }
} finally {
  server.stop();
  await pool.end();
}
console.log("\n| records | psql \\copy of the bodies | app JSONL export over HTTP | ratio | server RSS idle → peak |");
console.log("|---|---|---|---|---|");
for (const row of rows) console.log(row);
process.exit(0);
