// Quality-report benchmark: a suite with 100k ratings (25k items × 3 human
// raters + 1 judge in two prompt versions over four weeks, 5 Likert
// dimensions, one item in a hundred adjudicated) — the report computed from scratch
// (load + agreement with bootstrap intervals), then served from its cache,
// beside the bare load of the same rows (`psql \copy` of their bodies).
// Each figure is the median of a few runs in this process (the machine is shared).
// Run: npm run bench:analytics [-- --quick | ITEMS]   (creates and drops its own database)
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { availableParallelism, loadavg } from "node:os";
import { agreementReport, type RatingRow } from "@/lib/analytics/agreement-report";
import type { PhaseTimings } from "@/lib/analytics/phase-timings";
import { suiteReport, type SuiteReport } from "@/lib/analytics/suite-report";
import { db } from "@/lib/db";
import { requireDatabaseUrl } from "@/lib/env";
import { createTestUser } from "@/lib/testing/test-users";
import { benchArgs, percentile, ratio, reportBench } from "./support/report";

const RUNS = 5;
const loadAtStart = loadavg()[0]!;
const TARGET_SECONDS = 1;
const args = benchArgs();
const ITEMS = args.sizes[0] ?? (args.quick ? 2_000 : 25_000);
const SUITE_KEY = "bench-analytics";
const DIMENSIONS = [
  "universal.helpfulness",
  "universal.instruction_following",
  "universal.faithfulness",
  "universal.safety_overall",
  "universal.overall_quality",
];

const admin = await createTestUser(["admin"]);
const suite = await db().suite.create({
  data: { key: SUITE_KEY, name: "Bench analytics", overlapK: 3, createdById: admin.userId },
});

// Scores follow an item's "true" quality with some noise, so alpha is neither 0 nor 1.
await db().$executeRawUnsafe(`
  INSERT INTO eval_record (eval_id, created_at, rater_type, rater_id, task_id, suite_id, body)
  SELECT id, now() - make_interval(days => i % 28), rater_type, rater_id, task_id, '${SUITE_KEY}',
         jsonb_build_object('schema_version', '1.0.0', 'eval_id', id, 'created_at', now(),
           'rater', CASE WHEN rater_type = 'llm_judge'
             THEN jsonb_build_object('type', rater_type, 'id', rater_id, 'model', 'judge-model', 'version', CASE WHEN i % 2 = 0 THEN 'prompt-v1' ELSE 'prompt-v2' END)
             ELSE jsonb_build_object('type', rater_type, 'id', rater_id) END,
           'task', jsonb_build_object('task_id', task_id, 'suite_id', '${SUITE_KEY}', 'modality', 'chat', 'prompt', 'p'),
           'subject', jsonb_build_object('system_under_test', 'bench', 'modality_tags', jsonb_build_array('chat')),
           'universal', jsonb_build_object(
             'helpfulness', jsonb_build_object('score', least(5, greatest(1, q + (r % 3) - 1)), 'confidence', 'high'),
             'instruction_following', jsonb_build_object('score', least(5, greatest(1, q + (r % 2))), 'confidence', 'high'),
             'faithfulness', jsonb_build_object('score', least(5, greatest(1, q)), 'confidence', 'high'),
             'safety_overall', jsonb_build_object('score', least(5, greatest(1, 6 - q + (r % 2))), 'confidence', 'high'),
             'overall_quality', jsonb_build_object('score', least(5, greatest(1, q - (r % 2))), 'confidence', 'high')))
  FROM (
    SELECT gen_random_uuid() AS id, i, 'task-' || i AS task_id, 1 + (i * 7919) % 5 AS q, (i * 31 + rater) AS r,
           CASE WHEN rater = 3 THEN 'llm_judge' ELSE 'human' END AS rater_type, 'rater-' || rater AS rater_id
    FROM generate_series(1, ${ITEMS}) i, generate_series(0, 3) rater
  ) rows`);
// The suite's items, and which records count in it (suite_record), as the suite's flows would have written them.
await db().$executeRawUnsafe(`
  INSERT INTO item (identity, task_id, system_under_test, is_gold, body)
  SELECT '${SUITE_KEY}|task-' || i, 'task-' || i, 'bench', false,
         jsonb_build_object('task', jsonb_build_object('task_id', 'task-' || i, 'modality', 'chat', 'prompt', 'p'),
           'subject', jsonb_build_object('system_under_test', 'bench', 'modality_tags', jsonb_build_array('chat')))
  FROM generate_series(1, ${ITEMS}) i`);
await db().$executeRawUnsafe(`
  INSERT INTO suite_item (suite_id, item_id, position, is_gold, slots_left)
  SELECT '${suite.id}'::uuid, id, row_number() OVER (ORDER BY task_id), false, 0 FROM item WHERE identity LIKE '${SUITE_KEY}|%'`);
await db().$executeRawUnsafe(`
  INSERT INTO suite_record (suite_id, eval_id, item_id, flow)
  SELECT '${suite.id}'::uuid, r.eval_id, i.id, CASE WHEN r.rater_type = 'llm_judge' THEN 'judge_run' ELSE 'assignment' END
  FROM eval_record r JOIN item i ON i.identity = '${SUITE_KEY}|' || r.task_id WHERE r.suite_id = '${SUITE_KEY}'`);
// As after any bulk load in production: hint bits set and statistics current, so no run pays for them.
await db().$executeRawUnsafe("VACUUM ANALYZE eval_record");
await db().$executeRawUnsafe("VACUUM ANALYZE suite_record");
// One item in a hundred adjudicated: an authoritative record (the first human rating's values, rater sme), counted in
// the suite through the flow "adjudication", with its sidecar — so the report's adjudication lessons are computed.
await db().$executeRawUnsafe("ANALYZE item");
await db().$executeRawUnsafe(`
  CREATE TEMP TABLE bench_adjudicated AS
  SELECT i.id AS item_id, gen_random_uuid() AS eval_id, (array_agg(r.eval_id ORDER BY r.rater_id))[1] AS closest,
         array_agg(r.eval_id ORDER BY r.rater_id) AS sources
  FROM item i JOIN eval_record r ON r.suite_id = '${SUITE_KEY}' AND r.task_id = i.task_id AND r.rater_type = 'human'
  WHERE i.identity LIKE '${SUITE_KEY}|%' AND substring(i.task_id FROM 6)::int % 100 = 0 GROUP BY i.id`);
await db().$executeRawUnsafe(`
  INSERT INTO eval_record (eval_id, created_at, rater_type, rater_id, task_id, suite_id, body)
  SELECT a.eval_id, now(), 'sme', '${admin.userId}', r.task_id, '${SUITE_KEY}',
         r.body || jsonb_build_object('eval_id', a.eval_id, 'rater', jsonb_build_object('type', 'sme', 'id', '${admin.userId}'))
  FROM bench_adjudicated a JOIN eval_record r ON r.eval_id = a.closest`);
await db().$executeRawUnsafe(`
  INSERT INTO suite_record (suite_id, eval_id, item_id, flow)
  SELECT '${suite.id}'::uuid, eval_id, item_id, 'adjudication' FROM bench_adjudicated`);
await db().$executeRawUnsafe(`
  INSERT INTO adjudication (eval_id, suite_id, item_id, adjudicator_id, closest_eval_id, source_eval_ids, decisions)
  SELECT eval_id, '${suite.id}'::uuid, item_id, '${admin.userId}', closest, sources, '[]'::jsonb FROM bench_adjudicated`);
await db().$executeRawUnsafe("VACUUM ANALYZE eval_record");
await db().$executeRawUnsafe("VACUUM ANALYZE suite_record");
const records = await db().evalRecord.count({ where: { suiteId: SUITE_KEY, raterType: { not: "sme" } } });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
async function medianSeconds(run: () => unknown): Promise<number> {
  const seconds: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const start = performance.now();
    await run();
    seconds.push((performance.now() - start) / 1000);
  }
  return median(seconds);
}

const copySeconds = await medianSeconds(() =>
  execFileSync("psql", [
    requireDatabaseUrl(),
    "-q",
    "-c",
    `\\copy (SELECT body FROM eval_record WHERE suite_id = '${SUITE_KEY}' AND rater_type <> 'sme') TO '/dev/null'`,
  ]),
);

// From scratch: the cached report is dropped before each run.
// The machine is shared: this process's CPU time (user + system) says what the report costs here whatever the others do.
const freshRuns: { seconds: number; cpuSeconds: number; timings: PhaseTimings; report: SuiteReport }[] = [];
for (let index = 0; index < RUNS; index += 1) {
  await db().suiteReportCache.deleteMany({ where: { suiteId: suite.id } });
  const timings: PhaseTimings = {};
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const report = await suiteReport({ actor: admin, suiteId: suite.id, timings });
  const cpu = process.cpuUsage(cpuStart);
  freshRuns.push({
    seconds: (performance.now() - start) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    timings,
    report,
  });
}
const freshSeconds = median(freshRuns.map((run) => run.seconds));
const cachedSeconds = await medianSeconds(async () => {
  if (!(await suiteReport({ actor: admin, suiteId: suite.id })).computed.cached)
    throw new Error("the report was not served from the cache");
});

// The computation alone, on rows already in memory (no database), with and without intervals.
const inMemory = await db().$queryRawUnsafe<{ item: string; rater_type: string; s: number[] }[]>(
  `SELECT task_id AS item, rater_type, ARRAY[${DIMENSIONS.map((d) => `(body #>> '{${d.replace(".", ",")},score}')::float8`).join(", ")}] AS s FROM eval_record WHERE suite_id = '${SUITE_KEY}' AND rater_type <> 'sme'`,
);
const ratingRows: RatingRow[] = inMemory.map((row) => ({
  item: row.item,
  raterType: row.rater_type as "human",
  likert: Object.fromEntries(DIMENSIONS.map((d, i) => [d, row.s[i]])),
  hazards: {},
  tags: [],
}));
const computeSeconds = (samples: number) =>
  medianSeconds(() =>
    agreementReport(ratingRows, { dimensions: DIMENSIONS, hazards: [], tags: [], bootstrapSamples: samples }),
  );
const noIntervalsSeconds = await computeSeconds(0);
const withIntervalsSeconds = await computeSeconds(200);

// A digest of every computed figure, so runs before and after a change can be checked for the same results.
// The suite's id is random and its raters' gold series carry the insert time, so both are left out.
const { computed: _computed, suite: _suite, ...figures } = freshRuns[0]!.report;
const digest = createHash("sha256")
  .update(
    JSON.stringify({ ...figures, calibration: { ...figures.calibration, raters: figures.calibration.raters.length } }),
  )
  .digest("hex")
  .slice(0, 16);
const helpfulness = figures.likert.find((entry) => entry.dimension === "universal.helpfulness")!;

const row = (label: string, seconds: number) => [label, seconds.toFixed(3), ratio(seconds, copySeconds)];
const phases = [...new Set(freshRuns.flatMap((run) => Object.keys(run.timings)))];
reportBench({
  id: "analytics",
  title: "6. Analytics: agreement report",
  baseline: "`psql \\copy` of the same rows' bodies (the bare load)",
  sizes: `${records.toLocaleString("en-US")} ratings (${ITEMS.toLocaleString("en-US")} items × 3 humans + 1 judge), 5 Likert dimensions`,
  tables: [
    {
      caption: `Median of ${RUNS} runs each.`,
      header: ["run", "seconds", "× \\copy"],
      rows: [
        row("psql \\copy of the bodies (baseline)", copySeconds),
        row("report from scratch (load + compute, 200 resamples)", freshSeconds),
        row("report from the cache", cachedSeconds),
        row("agreement computation alone, no intervals", noIntervalsSeconds),
        row("agreement computation alone, 200 resamples", withIntervalsSeconds),
      ],
    },
    {
      caption:
        "The report from scratch by phase (median ms of the runs above). Review summary, slice options and calibration run side by side, so their times overlap.",
      header: ["phase", "ms"],
      rows: phases.map((phase) => [phase, median(freshRuns.map((run) => run.timings[phase] ?? 0)).toFixed(1)]),
    },
  ],
  targets: [
    {
      name: "quality report from scratch, 100k ratings × 5 dimensions",
      target: `≤ ${TARGET_SECONDS} s`,
      measured: `${freshSeconds.toFixed(2)} s (median of ${RUNS}; slowest ${percentile(
        freshRuns.map((run) => run.seconds),
        100,
      ).toFixed(2)} s)`,
      met: freshSeconds <= TARGET_SECONDS,
    },
  ],
  notes: [
    `report from scratch: this process's CPU time ${median(freshRuns.map((run) => run.cpuSeconds)).toFixed(2)} s (median); load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end, on ${availableParallelism()} cores`,
    `helpfulness human↔human α ${helpfulness.humanHuman.alpha?.toFixed(4)} [${helpfulness.humanHuman.low?.toFixed(4)}, ${helpfulness.humanHuman.high?.toFixed(4)}]; digest of all figures ${digest}`,
  ],
});
await db().$disconnect();
