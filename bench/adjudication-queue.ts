// Adjudication queue read benchmark: a suite of ITEMS items × 3 human ratings
// (a third of the items disputed). The queue read as it was (every item's
// verdict computed from every rating body, then the open tasks synced, on each
// read) beside the read now (verdicts cached per state of the suite's data,
// the sync skipped when nothing changed), and the bare SQL select of the open
// tasks as the baseline. Each figure is the median of a few runs in this process.
// Run: npm run bench:adjudication-queue [-- --quick | ITEMS]   (creates and drops its own database)
import { adjudicationQueue } from "@/lib/adjudication/service";
import { selectOpenTasks, syncOpenTasks } from "@/lib/adjudication/queries";
import { DEFAULT_ADJUDICATION_RULE } from "@/lib/adjudication/rule";
import { suiteItemVerdicts } from "@/lib/adjudication/suite-verdicts";
import { db } from "@/lib/db";
import { createTestUser } from "@/lib/testing/test-users";
import { benchArgs, ratio, reportBench } from "./support/report";

const RUNS = 5;
const args = benchArgs();
const ITEMS = args.sizes[0] ?? (args.quick ? 500 : 10_000);
const SUITE_KEY = "bench-adjudication";

const admin = await createTestUser(["admin"]);
const suite = await db().suite.create({
  data: { key: SUITE_KEY, name: "Bench adjudication", overlapK: 3, createdById: admin.userId },
});
// Every third item is disputed: helpfulness 1, 3, 5 (spread 4); the others agree.
await db().$executeRawUnsafe(`
  INSERT INTO eval_record (eval_id, created_at, rater_type, rater_id, task_id, suite_id, body)
  SELECT id, now(), 'human', 'rater-' || rater, task_id, '${SUITE_KEY}',
         jsonb_build_object('schema_version', '1.0.0', 'eval_id', id, 'created_at', now(),
           'rater', jsonb_build_object('type', 'human', 'id', 'rater-' || rater),
           'task', jsonb_build_object('task_id', task_id, 'suite_id', '${SUITE_KEY}', 'modality', 'chat', 'prompt', 'p'),
           'subject', jsonb_build_object('system_under_test', 'bench', 'modality_tags', jsonb_build_array('chat')),
           'universal', jsonb_build_object(
             'helpfulness', jsonb_build_object('score', CASE WHEN i % 3 = 0 THEN 1 + 2 * rater ELSE 4 END, 'confidence', 'high'),
             'faithfulness', jsonb_build_object('score', 4, 'confidence', 'high')))
  FROM (SELECT gen_random_uuid() AS id, 'task-' || i AS task_id, i, rater
        FROM generate_series(1, ${ITEMS}) i, generate_series(0, 2) rater) rows`);
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
  SELECT '${suite.id}'::uuid, r.eval_id, i.id, 'assignment'
  FROM eval_record r JOIN item i ON i.identity = '${SUITE_KEY}|' || r.task_id WHERE r.suite_id = '${SUITE_KEY}'`);
await db().$executeRawUnsafe("VACUUM ANALYZE eval_record");
await db().$executeRawUnsafe("VACUUM ANALYZE suite_record");

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
async function medianSeconds(run: () => Promise<unknown>): Promise<number> {
  const seconds: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const start = performance.now();
    await run();
    seconds.push((performance.now() - start) / 1000);
  }
  return median(seconds);
}

// The first read computes the verdicts and opens the tasks; it is not one of the measured runs.
const firstStart = performance.now();
const queue = await adjudicationQueue({ actor: admin, suiteId: suite.id });
const firstSeconds = (performance.now() - firstStart) / 1000;
const selectSeconds = await medianSeconds(() => selectOpenTasks(db(), suite.id, admin.userId));
// As the read was before: verdicts from every body, the sync, then the select, every time.
const recomputeSeconds = await medianSeconds(async () => {
  await syncOpenTasks(db(), suite.id, await suiteItemVerdicts(db(), suite.id, DEFAULT_ADJUDICATION_RULE));
  return selectOpenTasks(db(), suite.id, admin.userId);
});
const cachedSeconds = await medianSeconds(() => adjudicationQueue({ actor: admin, suiteId: suite.id }));

const row = (label: string, seconds: number) => [label, (seconds * 1000).toFixed(1), ratio(seconds, selectSeconds)];
reportBench({
  id: "adjudication-queue",
  title: "Adjudication queue read",
  baseline: "the SQL select of the open tasks alone",
  sizes: `${ITEMS.toLocaleString("en-US")} items × 3 human ratings, ${queue.length.toLocaleString("en-US")} disputed`,
  tables: [
    {
      caption: `Median of ${RUNS} runs each (the first read once).`,
      header: ["read", "ms", "× select"],
      rows: [
        row("select of the open tasks (baseline)", selectSeconds),
        row("before: every verdict recomputed, sync, select", recomputeSeconds),
        row("now: data unchanged (verdicts cached, sync skipped)", cachedSeconds),
        row("now: first read (verdicts computed, tasks opened)", firstSeconds),
      ],
    },
  ],
  targets: [
    {
      name: "queue read with unchanged data vs recomputing every verdict",
      target: "≤ 0.25×",
      measured: `${(cachedSeconds / recomputeSeconds).toFixed(3)}×`,
      met: cachedSeconds <= 0.25 * recomputeSeconds,
    },
  ],
});
await db().$disconnect();
