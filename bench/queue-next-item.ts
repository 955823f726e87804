// Queue benchmark: "next item" (POST /api/suites/:id/next) over HTTP with a
// suite of 100k items, 50 raters working at once, overlap k = 3 and a gold
// share of 10 %. A tenth of the items is already fully rated (each rater has
// hundreds of submitted assignments), and every rater submits each item it
// gets (POST …/submit) before asking for the next, so claims, holds and
// submits interleave as in real work. Only the "next" calls are timed; the
// baseline is the cheapest authenticated API call, reading a record that does
// not exist (HTTP, token lookup, one indexed read, 404) with the same tokens
// at the same concurrency, in the same run.
// Run: npm run bench:queue [-- --quick | ITEMS]   (own database; needs `npm run build`)
import pg from "pg";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { createApiToken } from "@/lib/auth/api-tokens";
import { requireDatabaseUrl } from "@/lib/env";
import { nativeItem } from "@/lib/testing/test-items";
import { createTestUser } from "@/lib/testing/test-users";
import { startBenchServer } from "./support/app-server";
import { closedLoop } from "./support/closed-loop";
import { benchArgs, percentile, reportBench } from "./support/report";
import { testPort } from "@/lib/testing/test-ports";

const PORT = testPort(3170);
const { quick, sizes } = benchArgs();
const ITEMS = sizes[0] ?? (quick ? 5_000 : 100_000);
const RATERS = quick ? 10 : 50;
const OVERLAP = 3;
const durationMs = quick ? 3_000 : 20_000;
const databaseUrl = requireDatabaseUrl();
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });

const admin = await createTestUser(["admin"], { label: "bench-admin" });
const raters = await Promise.all(
  Array.from({ length: RATERS }, () => createTestUser(["rater"], { label: "bench-rater" })),
);
const tokens = await Promise.all(
  raters.map(async (rater) => (await createApiToken({ actor: rater, name: "bench", roles: ["rater"] })).token),
);

const seedStart = performance.now();
const {
  rows: [suite],
} = await pool.query<{ id: string }>(
  "INSERT INTO suite (key, name, overlap_k, gold_share, created_by_id) VALUES ('bench-queue', 'Bench queue', $1, 0.1, $2) RETURNING id",
  [OVERLAP, admin.userId],
);
await pool.query(
  `
  INSERT INTO item (identity, task_id, system_under_test, modality, is_gold, body)
  SELECT 'bench-' || i, 'bench-task-' || i, 'Test Model', 'chat', i % 10 = 0,
         $1::jsonb || jsonb_build_object('task', ($1::jsonb -> 'task') || jsonb_build_object('task_id', 'bench-task-' || i))
  FROM generate_series(1, $2::int) i`,
  [JSON.stringify(nativeItem("template")), ITEMS],
);
await pool.query(
  `
  INSERT INTO suite_item (suite_id, item_id, position, is_gold, slots_left)
  SELECT $1::uuid, id, row_number() OVER (ORDER BY identity), is_gold, $2 FROM item WHERE identity LIKE 'bench-%'`,
  [suite!.id, OVERLAP],
);
await pool.query("INSERT INTO suite_rater (suite_id, user_id) SELECT $1::uuid, unnest($2::text[])", [
  suite!.id,
  raters.map((rater) => rater.userId),
]);
// The first tenth of the queue is done: k records and submitted assignments per item, spread over the raters.
const done = Math.floor(ITEMS / 10);
await pool.query(
  `
  WITH done AS (
    SELECT si.item_id, si.position, i.task_id, r.slot, ($3::text[])[1 + (si.position + r.slot) % $4] AS user_id, gen_random_uuid() AS eval_id
    FROM suite_item si JOIN item i ON i.id = si.item_id, generate_series(0, $5 - 1) r(slot)
    WHERE si.suite_id = $1::uuid AND si.position <= $2
  ), records AS (
    INSERT INTO eval_record (eval_id, created_at, rater_type, rater_id, task_id, suite_id, body, submitted_by_id)
    SELECT eval_id, now(), 'human', user_id, task_id, 'bench-queue',
           $6::jsonb || jsonb_build_object('schema_version', '1.0.0', 'eval_id', eval_id, 'created_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'rater', jsonb_build_object('type', 'human', 'id', user_id),
             'task', ($6::jsonb -> 'task') || jsonb_build_object('task_id', task_id, 'suite_id', 'bench-queue')),
           user_id
    FROM done RETURNING eval_id
  )
  INSERT INTO assignment (suite_id, item_id, rater_key, user_id, status, held_until, eval_id, submitted_at)
  SELECT $1::uuid, item_id, user_id, user_id, 'submitted', now(), eval_id, now() FROM done`,
  [suite!.id, done, raters.map((rater) => rater.userId), RATERS, OVERLAP, JSON.stringify(withoutRater(chatDraft()))],
);
await pool.query("UPDATE suite_item SET slots_left = 0 WHERE suite_id = $1::uuid AND position <= $2", [
  suite!.id,
  done,
]);
await pool.query("VACUUM ANALYZE");
const seedSeconds = (performance.now() - seedStart) / 1000;

const server = await startBenchServer({ port: PORT, databaseUrl });
const draft = JSON.stringify({ draft: withoutRater(chatDraft()) });
const nextLatencies: number[] = [];
let claimed = 0;
let submitted = 0;
// Real raters read and rate for a while between items; THINK_MS (0.5–1.5 s,
// far shorter than a real rating) models that. 0 is the saturation case.
let thinkMs = 0;
const work = async (client: number) => {
  if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, thinkMs / 2 + Math.random() * thinkMs));
  const auth = { Authorization: `Bearer ${tokens[client]}`, "Content-Type": "application/json" };
  const sent = performance.now();
  const next = await fetch(`${server.url}/api/suites/${suite!.id}/next`, { method: "POST", headers: auth });
  const answer = (await next.json()) as { assignment_id: string | null };
  nextLatencies.push(performance.now() - sent);
  if (!next.ok || !answer.assignment_id) return false;
  claimed += 1;
  const submit = await fetch(`${server.url}/api/assignments/${answer.assignment_id}/submit`, {
    method: "POST",
    headers: auth,
    body: draft,
  });
  await submit.arrayBuffer();
  if (submit.status === 201) submitted += 1;
  return submit.ok;
};
let baseline;
let loop;
let working: { latencies: number[]; claimed: number; submitted: number; seconds: number } | undefined;
let alone: number[] = [];
try {
  await closedLoop({ clients: RATERS, durationMs: 1_000, request: work });
  // 50 raters at work: each pauses 0.5–1.5 s between submitting an item and asking for the next.
  nextLatencies.length = 0;
  claimed = 0;
  submitted = 0;
  thinkMs = 1_000;
  const workStart = performance.now();
  const workLoop = await closedLoop({ clients: RATERS, durationMs, request: work });
  if (workLoop.errors > 0) throw new Error(`${workLoop.errors} next/submit rounds failed with think time`);
  working = { latencies: [...nextLatencies], claimed, submitted, seconds: (performance.now() - workStart) / 1000 };
  // One rater alone: the path's own cost, with nothing to wait behind.
  nextLatencies.length = 0;
  thinkMs = 0;
  await closedLoop({ clients: 1, durationMs: Math.min(durationMs, 5_000), request: work });
  alone = [...nextLatencies];
  // Saturation: every rater asks for the next item the moment the last one is stored.
  nextLatencies.length = 0;
  claimed = 0;
  submitted = 0;
  thinkMs = 0;
  loop = await closedLoop({ clients: RATERS, durationMs, request: work });
  baseline = await closedLoop({
    clients: RATERS,
    durationMs: Math.min(durationMs, 5_000),
    request: async (client) =>
      (
        await fetch(`${server.url}/api/records/00000000-0000-4000-8000-000000000000`, {
          headers: { Authorization: `Bearer ${tokens[client]}` },
        })
      ).status === 404,
  });
  // Overlap k held: no item has more submitted ratings than k.
  const {
    rows: [over],
  } = await pool.query<{ n: string }>(
    "SELECT count(*) AS n FROM (SELECT item_id FROM assignment WHERE suite_id = $1::uuid AND status = 'submitted' GROUP BY item_id HAVING count(*) > $2) o",
    [suite!.id, OVERLAP],
  );
  if (Number(over!.n) > 0) throw new Error(`${over!.n} items have more than ${OVERLAP} ratings`);
} finally {
  await server.stop();
  await pool.end();
}
if (loop.errors > 0) throw new Error(`${loop.errors} next/submit rounds failed`);

const ms = (value: number) => value.toFixed(1);
const p95 = percentile(nextLatencies, 95);
const workingP95 = percentile(working!.latencies, 95);
reportBench({
  id: "queue",
  title: "4. Queue: next item",
  baseline:
    "GET /api/records/:id of a record that does not exist (HTTP, token lookup, one indexed read, 404) from the same clients",
  sizes: `${ITEMS.toLocaleString("en")} items, ${RATERS} raters at once, overlap ${OVERLAP}, ${done.toLocaleString("en")} items already done, ${durationMs / 1000} s (seeded in ${seedSeconds.toFixed(0)} s)`,
  tables: [
    {
      header: ["what", "calls/s", "p50 ms", "p95 ms", "p99 ms"],
      rows: [
        [
          `GET /api/records/:id → 404, ${RATERS} clients (baseline)`,
          baseline.perSecond.toFixed(0),
          ms(baseline.p50),
          ms(baseline.p95),
          ms(baseline.p99),
        ],
        [
          `POST …/next, ${RATERS} raters at work (0.5–1.5 s between submit and next; ${working!.claimed} claims, ${working!.submitted} submits)`,
          (working!.latencies.length / working!.seconds).toFixed(0),
          ms(percentile(working!.latencies, 50)),
          ms(workingP95),
          ms(percentile(working!.latencies, 99)),
        ],
        [
          `POST …/next, one rater alone (submitting between calls)`,
          "–",
          ms(percentile(alone, 50)),
          ms(percentile(alone, 95)),
          ms(percentile(alone, 99)),
        ],
        [
          `POST …/next, ${RATERS} raters with no pause at all (saturation; ${claimed} claims, ${submitted} submits)`,
          (nextLatencies.length / (durationMs / 1000)).toFixed(0),
          ms(percentile(nextLatencies, 50)),
          ms(p95),
          ms(percentile(nextLatencies, 99)),
        ],
      ],
    },
  ],
  targets: [
    {
      name: `next item p50, one rater alone, ${ITEMS.toLocaleString("en")} items`,
      target: "≤ 5 ms",
      measured: `${ms(percentile(alone, 50))} ms`,
      met: percentile(alone, 50) <= 5,
    },
    {
      name: `next item p95, ${ITEMS.toLocaleString("en")} items × ${RATERS} raters at work`,
      target: "≤ 50 ms",
      measured: `${ms(workingP95)} ms`,
      met: workingP95 <= 50,
    },
    {
      name: `next item p95, ${RATERS} raters with no pause (saturation)`,
      target: "≤ 50 ms",
      measured: `${ms(p95)} ms`,
      met: p95 <= 50,
    },
  ],
  notes: [
    `In a closed loop with no pause, latency is clients ÷ throughput (Little's law): p95 ≤ 50 ms for ${RATERS} callers at once needs ≥ ${RATERS / 0.05} answers/s, more than the baseline row shows this machine's HTTP stack serving for the cheapest authenticated read.`,
  ],
});
process.exit(0);
