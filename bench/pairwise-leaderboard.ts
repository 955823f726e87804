// Pairwise leaderboard benchmark: a four-system all-pairs suite holding
// 100,000 pairwise records (50,000 submitted pairs, two mirror-image records
// and two sidecar rows each) — the leaderboard (read + win rates, length-
// controlled win rates, Bradley–Terry with 1000 bootstrap resamples, position
// bias, agreement) beside a raw pg read of the same rows (the bare load).
// Each figure is the median of a few runs in this process (the machine is shared).
// Run: npm run bench:pairwise [-- --quick | RECORDS]   (creates and drops its own database)
import { availableParallelism, loadavg } from "node:os";
import { bulkPool, db } from "@/lib/db";
import { LEADERBOARD_SQL, pairwiseLeaderboard, readPairwiseJudgments } from "@/lib/pairwise/leaderboard-query";
import { computeLeaderboard } from "@/lib/pairwise/leaderboard";
import { createTestUser } from "@/lib/testing/test-users";
import { benchArgs, percentile, ratio, reportBench } from "./support/report";

const RUNS = 5;
const TARGET_SECONDS = 1;
const loadAtStart = loadavg()[0]!;
const args = benchArgs();
const RECORDS = args.sizes[0] ?? (args.quick ? 4_000 : 100_000);
const SYSTEM_PAIRS = [
  [0, 1],
  [0, 2],
  [0, 3],
  [1, 2],
  [1, 3],
  [2, 3],
];
const STRENGTHS = [0.6, 0.2, -0.2, -0.6];
const TASKS = Math.ceil(RECORDS / 2 / SYSTEM_PAIRS.length);
const KEY = "bench-pairwise";

const admin = await createTestUser(["admin"]);
const suite = await db().pairwiseSuite.create({
  data: {
    key: KEY,
    name: "Bench pairwise",
    design: "all_pairs",
    overlapK: 1,
    systems: STRENGTHS.map((_, index) => `sys-${index}`),
    createdById: admin.userId,
  },
});
const setup = performance.now();
await db().$executeRawUnsafe(`
  INSERT INTO item (identity, task_id, system_under_test, is_gold, body)
  SELECT '${KEY}|' || s || '|' || t, 'task-' || t, 'sys-' || s, false,
         jsonb_build_object('task', jsonb_build_object('task_id', 'task-' || t, 'modality', 'chat', 'prompt', 'p'),
           'subject', jsonb_build_object('system_under_test', 'sys-' || s, 'modality_tags', jsonb_build_array('chat')))
  FROM generate_series(1, ${TASKS}) t, generate_series(0, 3) s`);
const pairValues = SYSTEM_PAIRS.map(([a, b]) => `(${a}, ${b})`).join(", ");
await db().$executeRawUnsafe(`
  INSERT INTO pairwise_pair (suite_id, task_id, position, first_item_id, second_item_id, first_system, second_system)
  SELECT '${suite.id}'::uuid, 'task-' || t, row_number() OVER (), fi.id, si.id, 'sys-' || v.a, 'sys-' || v.b
  FROM generate_series(1, ${TASKS}) t CROSS JOIN (VALUES ${pairValues}) v(a, b)
  JOIN item fi ON fi.identity = '${KEY}|' || v.a || '|' || t
  JOIN item si ON si.identity = '${KEY}|' || v.b || '|' || t
  LIMIT ${RECORDS / 2}`);
// One judgment per pair: a tie one time in ten, else the first wins with its Bradley–Terry probability.
const strengthOf = (column: string) => `(ARRAY[${STRENGTHS.join(", ")}])[substr(${column}, 5)::int + 1]`;
const mirror = (column: string) =>
  `CASE ${column} WHEN 'much_better' THEN 'much_worse' WHEN 'better' THEN 'worse' WHEN 'worse' THEN 'better' WHEN 'much_worse' THEN 'much_better' ELSE 'equivalent' END`;
await db().$executeRawUnsafe(`
  CREATE TEMP TABLE bench_judgment AS
  SELECT p.id AS pair_id, p.task_id, p.first_system, p.second_system, gen_random_uuid() AS first_eval, gen_random_uuid() AS second_eval,
         random() < 0.5 AS first_left, 200 + (random() * 400)::int AS first_length, 200 + (random() * 400)::int AS second_length,
         CASE WHEN random() < 0.1 THEN 'equivalent'
              WHEN random() < 1 / (1 + exp(${strengthOf("p.second_system")} - ${strengthOf("p.first_system")}))
                THEN CASE WHEN random() < 0.5 THEN 'better' ELSE 'much_better' END
              ELSE CASE WHEN random() < 0.5 THEN 'worse' ELSE 'much_worse' END END AS first_preference
  FROM pairwise_pair p WHERE p.suite_id = '${suite.id}'::uuid`);
const record = (evalId: string, system: string, preference: string) => `
  SELECT ${evalId}, now(), 'human', 'bench-rater', task_id, '${KEY}',
         jsonb_build_object('schema_version', '1.0.0', 'eval_id', ${evalId}, 'created_at', now(),
           'rater', jsonb_build_object('type', 'human', 'id', 'bench-rater'),
           'task', jsonb_build_object('task_id', task_id, 'suite_id', '${KEY}', 'modality', 'chat', 'prompt', 'p', 'reference', 'the other response'),
           'subject', jsonb_build_object('system_under_test', ${system}, 'modality_tags', jsonb_build_array('chat')),
           'universal', jsonb_build_object('vs_reference', ${preference}))
  FROM bench_judgment`;
await db().$executeRawUnsafe(`
  INSERT INTO eval_record (eval_id, created_at, rater_type, rater_id, task_id, suite_id, body)
  ${record("first_eval", "first_system", "first_preference")}
  UNION ALL ${record("second_eval", "second_system", mirror("first_preference"))}`);
await db().$executeRawUnsafe(`
  INSERT INTO pairwise_judgment (eval_id, opponent_eval_id, suite_id, pair_id, system, opponent_system, shown_position,
                                 preference, rater_type, response_length, opponent_length)
  SELECT first_eval, second_eval, '${suite.id}'::uuid, pair_id, first_system, second_system,
         CASE WHEN first_left THEN 'left' ELSE 'right' END, first_preference, 'human', first_length, second_length FROM bench_judgment
  UNION ALL
  SELECT second_eval, first_eval, '${suite.id}'::uuid, pair_id, second_system, first_system,
         CASE WHEN first_left THEN 'right' ELSE 'left' END, ${mirror("first_preference")}, 'human', second_length, first_length FROM bench_judgment`);
// As after any bulk load in production: hint bits set and statistics current, so no run pays for them.
for (const table of ["eval_record", "pairwise_judgment", "pairwise_pair"])
  await db().$executeRawUnsafe(`VACUUM ANALYZE ${table}`);
const setupSeconds = (performance.now() - setup) / 1000;
const records = await db().pairwiseJudgment.count({ where: { suiteId: suite.id } });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
async function timed(run: () => unknown): Promise<number[]> {
  const seconds: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const start = performance.now();
    await run();
    seconds.push((performance.now() - start) / 1000);
  }
  return seconds;
}

// Baseline: the same rows read with plain pg, as arrays, and nothing computed.
const rawRuns = await timed(() => bulkPool().query({ text: LEADERBOARD_SQL, values: [suite.id], rowMode: "array" }));
const readRuns = await timed(() => readPairwiseJudgments(suite.id));
const fullRuns = await timed(() => pairwiseLeaderboard({ actor: admin, suiteId: suite.id }));
const judgments = await readPairwiseJudgments(suite.id);
const computeRuns = await timed(() => computeLeaderboard({ judgments, systems: suite.systems, baseline: null }));
const board = await pairwiseLeaderboard({ actor: admin, suiteId: suite.id });

const rawSeconds = median(rawRuns);
const fullSeconds = median(fullRuns);
const row = (label: string, runs: number[]) => [label, median(runs).toFixed(3), ratio(median(runs), rawSeconds)];
reportBench({
  id: "pairwise",
  title: "Pairwise leaderboard",
  baseline: "raw pg read of the same rows (left record + sidecar of each pair, as arrays)",
  sizes: `${records.toLocaleString("en-US")} pairwise records (${(records / 2).toLocaleString("en-US")} judged pairs, 4 systems all pairs, ${TASKS.toLocaleString("en-US")} tasks)`,
  tables: [
    {
      caption: `Median of ${RUNS} runs each; 1000 bootstrap resamples per interval.`,
      header: ["run", "seconds", "× raw read"],
      rows: [
        row("raw pg read of the rows (baseline)", rawRuns),
        row("read into judgments", readRuns),
        row("statistics alone (rows in memory)", computeRuns),
        row("leaderboard (suite + read + statistics)", fullRuns),
      ],
    },
    {
      caption:
        "The leaderboard it computed. Generated with strengths 0.6, 0.2, −0.2, −0.6 (ratings 1104, 1035, 965, 896) and 10% ties, which count half and so pull the ratings toward 1000.",
      header: ["system", "BT rating", "95% interval", "rank"],
      rows: board.bradleyTerry.scores.map((score) => [
        score.system,
        score.rating.toFixed(1),
        `${score.ratingInterval?.low.toFixed(1)} – ${score.ratingInterval?.high.toFixed(1)}`,
        String(score.rank),
      ]),
    },
  ],
  targets: [
    {
      name: "pairwise leaderboard, 100k pairwise records",
      target: `≤ ${TARGET_SECONDS} s`,
      measured: `${fullSeconds.toFixed(2)} s (median of ${RUNS}; slowest ${percentile(fullRuns, 100).toFixed(2)} s)`,
      met: fullSeconds <= TARGET_SECONDS,
    },
  ],
  notes: [
    `setup (items, pairs, records, sidecar) ${setupSeconds.toFixed(1)} s; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end, on ${availableParallelism()} cores`,
    `position bias (left share) ${board.positionBias.rate?.toFixed(3)}; agreement units ${board.agreement.units}`,
  ],
});
await bulkPool().end();
await db().$disconnect();
