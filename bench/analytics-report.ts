// Quality-report benchmark: a suite with 100k ratings (25k items × 3 human
// raters + 1 judge, 5 Likert dimensions) — the report computed from scratch
// (load + agreement with bootstrap intervals), then served from its cache,
// beside the bare load of the same rows (`psql \copy` of their bodies).
// Run: npm run bench:analytics [-- ITEMS]   (creates and drops its own database)
import { execFileSync } from "node:child_process";
import { agreementReport } from "@/lib/analytics/agreement-report";
import { suiteReport } from "@/lib/analytics/suite-report";
import { db } from "@/lib/db";
import { requireDatabaseUrl } from "@/lib/env";
import { createTestUser } from "@/lib/testing/test-users";

const ITEMS = Number(process.argv[2] ?? 25_000);
const admin = await createTestUser(["admin"]);
const suite = await db().suite.create({ data: { key: "bench-analytics", name: "Bench analytics", overlapK: 3, createdById: admin.userId } });

// Scores follow an item's "true" quality with some noise, so alpha is neither 0 nor 1.
await db().$executeRawUnsafe(`
  INSERT INTO eval_record (eval_id, created_at, rater_type, rater_id, task_id, suite_id, body)
  SELECT id, now(), rater_type, rater_id, task_id, 'bench-analytics',
         jsonb_build_object('schema_version', '1.0.0', 'eval_id', id, 'created_at', now(),
           'rater', jsonb_build_object('type', rater_type, 'id', rater_id),
           'task', jsonb_build_object('task_id', task_id, 'suite_id', 'bench-analytics', 'modality', 'chat', 'prompt', 'p'),
           'subject', jsonb_build_object('system_under_test', 'bench', 'modality_tags', jsonb_build_array('chat')),
           'universal', jsonb_build_object(
             'helpfulness', jsonb_build_object('score', least(5, greatest(1, q + (r % 3) - 1)), 'confidence', 'high'),
             'instruction_following', jsonb_build_object('score', least(5, greatest(1, q + (r % 2))), 'confidence', 'high'),
             'faithfulness', jsonb_build_object('score', least(5, greatest(1, q)), 'confidence', 'high'),
             'safety_overall', jsonb_build_object('score', least(5, greatest(1, 6 - q + (r % 2))), 'confidence', 'high'),
             'overall_quality', jsonb_build_object('score', least(5, greatest(1, q - (r % 2))), 'confidence', 'high')))
  FROM (
    SELECT gen_random_uuid() AS id, 'task-' || i AS task_id, 1 + (i * 7919) % 5 AS q, (i * 31 + rater) AS r,
           CASE WHEN rater = 3 THEN 'llm_judge' ELSE 'human' END AS rater_type, 'rater-' || rater AS rater_id
    FROM generate_series(1, ${ITEMS}) i, generate_series(0, 3) rater
  ) rows`);
const records = await db().evalRecord.count({ where: { suiteId: "bench-analytics" } });

const copyStart = performance.now();
execFileSync("psql", [requireDatabaseUrl(), "-q", "-c", "\\copy (SELECT body FROM eval_record WHERE suite_id = 'bench-analytics') TO '/dev/null'"]);
const copySeconds = (performance.now() - copyStart) / 1000;

const time = async <T>(run: () => Promise<T>) => {
  const start = performance.now();
  const result = await run();
  return { result, seconds: (performance.now() - start) / 1000 };
};
const fresh = await time(() => suiteReport({ actor: admin, suiteId: suite.id }));
const cached = await time(() => suiteReport({ actor: admin, suiteId: suite.id }));
if (!cached.result.computed.cached) throw new Error("the second report was not served from the cache");

// The computation alone, on rows already in memory (no database), with and without intervals.
const dimensions = ["universal.helpfulness", "universal.instruction_following", "universal.faithfulness", "universal.safety_overall", "universal.overall_quality"];
const inMemory = await db().$queryRawUnsafe<{ item: string; rater_type: string; s: number[] }[]>(
  `SELECT task_id AS item, rater_type, ARRAY[${dimensions.map((d) => `(body #>> '{${d.replace(".", ",")},score}')::float8`).join(", ")}] AS s FROM eval_record WHERE suite_id = 'bench-analytics'`);
const ratingRows = inMemory.map((row) => ({ item: row.item, raterType: row.rater_type as "human", likert: Object.fromEntries(dimensions.map((d, i) => [d, row.s[i]])), hazards: {}, tags: [] }));
const computeOnly = (samples: number) => {
  const start = performance.now();
  agreementReport(ratingRows, { dimensions, hazards: [], tags: [], bootstrapSamples: samples });
  return (performance.now() - start) / 1000;
};
const noIntervals = computeOnly(0);
const withIntervals = computeOnly(200);

const helpfulness = fresh.result.likert.find((entry) => entry.dimension === "universal.helpfulness")!;
console.log(`Quality report of one suite: ${records} ratings (${ITEMS} items × 3 humans + 1 judge), 5 Likert dimensions`);
console.log(`  psql \\copy of the same rows' bodies (the load alone) : ${copySeconds.toFixed(2)} s`);
console.log(`  report from scratch (load + compute, 200 resamples) : ${fresh.seconds.toFixed(2)} s`);
console.log(`  report from the cache                               : ${cached.seconds.toFixed(3)} s`);
console.log(`  agreement computation alone, no intervals          : ${noIntervals.toFixed(2)} s`);
console.log(`  agreement computation alone, 200 resamples         : ${withIntervals.toFixed(2)} s`);
console.log(`  (helpfulness: human↔human α ${helpfulness.humanHuman.alpha?.toFixed(3)} [${helpfulness.humanHuman.low?.toFixed(3)}, ${helpfulness.humanHuman.high?.toFixed(3)}])`);
await db().$disconnect();
