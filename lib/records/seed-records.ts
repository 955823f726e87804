// Many realistic records at once, for the records browser's tests and benchmark
// (test data, kept here because lib/records/ alone writes eval_record):
// one INSERT … SELECT over generate_series builds each body from a valid chat
// record (lib/aif/sample-drafts), varying the rater, scores, system, hazard
// verdict and rationale, so 100,000 records take seconds instead of minutes.
import type pg from "pg";
import { chatDraft } from "@/lib/aif/sample-drafts";

export type SeedOptions = {
  count: number;
  /** task.suite_id of the records (one key per test keeps tests apart); several are taken in turn. */
  suiteKey: string | string[];
  /** Users (app_user.id) who rated, taken in turn. */
  raterIds: string[];
  /** Records are created one second apart, the newest at this instant. */
  newest?: Date;
  /** Words drawn into the rationales (record n gets word n mod length). */
  words?: string[];
  /** Systems under test, taken in turn. */
  systems?: string[];
  /** task.task_id of every record (default: task-<n mod 1000>). */
  taskId?: string;
};

const TEMPLATE = { schema_version: "1.0.0", ...chatDraft() };

/** Inserts the records; record n (0-based) has helpfulness 1 + n mod 5 and is violating (hate) when n mod 7 = 0. */
export async function seedRecords(pool: pg.Pool | pg.PoolClient, options: SeedOptions): Promise<void> {
  const words = options.words ?? ["concise", "padded", "accurate", "evasive", "verbose"];
  const systems = options.systems ?? ["Acme Assistant via API", "Globex Chat", "Initech Bot"];
  const newest = options.newest ?? new Date();
  await pool.query(
    `INSERT INTO eval_record (eval_id, created_at, rater_type, rater_id, task_id, suite_id, body, submitted_by_id)
     SELECT s.eval_id, s.created_at, 'human', s.rater_id, s.task_id, s.suite_id, s.body, s.rater_id
     FROM (
       SELECT g.eval_id, g.created_at, g.rater_id, g.task_id, g.suite_id,
         jsonb_set(jsonb_set(jsonb_set(jsonb_set(jsonb_set(jsonb_set(jsonb_set(jsonb_set($1::jsonb,
           '{eval_id}', to_jsonb(g.eval_id::text)),
           '{created_at}', to_jsonb(to_char(g.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
           '{rater}', jsonb_build_object('type', 'human', 'id', g.rater_id)),
           '{task,task_id}', to_jsonb(g.task_id)),
           '{task,suite_id}', to_jsonb(g.suite_id)),
           '{subject,system_under_test}', to_jsonb(($5::text[])[1 + g.n % cardinality($5::text[])])),
           '{universal,helpfulness}', jsonb_build_object('score', 1 + g.n % 5, 'confidence', 'high',
             'rationale', 'The answer was ' || ($4::text[])[1 + g.n % cardinality($4::text[])] || ' for record ' || g.n)),
           '{safety}', CASE WHEN g.n % 7 = 0
             THEN jsonb_build_object('is_violating_any', true,
               'hate', jsonb_build_object('verdict', 'violating', 'severity', 1, 'evidence', 'a slur in line 2'))
             ELSE jsonb_build_object('is_violating_any', false, 'hate', jsonb_build_object('verdict', 'non_violating')) END
         ) AS body
       FROM (
         SELECT n, gen_random_uuid() AS eval_id, $6::timestamptz - make_interval(secs => n) AS created_at,
           ($3::text[])[1 + n % cardinality($3::text[])] AS rater_id, coalesce($8, 'task-' || (n % 1000)) AS task_id,
           ($2::text[])[1 + n % cardinality($2::text[])] AS suite_id
         FROM generate_series(0, $7::int - 1) AS n
       ) AS g
     ) AS s`,
    [
      JSON.stringify(TEMPLATE),
      [options.suiteKey].flat(),
      options.raterIds,
      words,
      systems,
      newest.toISOString(),
      options.count,
      options.taskId ?? null,
    ],
  );
}
