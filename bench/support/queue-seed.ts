// The queue benchmark's workload, seeded into one target's own database: a
// suite of N items with overlap k and a tenth of them gold, its raters, and the
// first tenth of the queue already done (k submitted records and assignments
// per item, spread over the raters), then VACUUM ANALYZE.
import type pg from "pg";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { nativeItem } from "@/lib/testing/test-items";

export type QueueSeed = { suiteId: string; done: number; seconds: number };

export async function seedQueue(
  pool: pg.Pool,
  options: { items: number; overlap: number; adminId: string; raterIds: string[] },
): Promise<QueueSeed> {
  const { items, overlap, adminId, raterIds } = options;
  const start = performance.now();
  const {
    rows: [suite],
  } = await pool.query<{ id: string }>(
    "INSERT INTO suite (key, name, overlap_k, gold_share, created_by_id) VALUES ('bench-queue', 'Bench queue', $1, 0.1, $2) RETURNING id",
    [overlap, adminId],
  );
  const suiteId = suite!.id;
  await pool.query(
    `
    INSERT INTO item (identity, task_id, system_under_test, modality, is_gold, body)
    SELECT 'bench-' || i, 'bench-task-' || i, 'Test Model', 'chat', i % 10 = 0,
           $1::jsonb || jsonb_build_object('task', ($1::jsonb -> 'task') || jsonb_build_object('task_id', 'bench-task-' || i))
    FROM generate_series(1, $2::int) i`,
    [JSON.stringify(nativeItem("template")), items],
  );
  await pool.query(
    `
    INSERT INTO suite_item (suite_id, item_id, position, is_gold, slots_left)
    SELECT $1::uuid, id, row_number() OVER (ORDER BY identity), is_gold, $2 FROM item WHERE identity LIKE 'bench-%'`,
    [suiteId, overlap],
  );
  await pool.query("INSERT INTO suite_rater (suite_id, user_id) SELECT $1::uuid, unnest($2::text[])", [
    suiteId,
    raterIds,
  ]);
  const done = Math.floor(items / 10);
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
    [suiteId, done, raterIds, raterIds.length, overlap, JSON.stringify(withoutRater(chatDraft()))],
  );
  await pool.query("UPDATE suite_item SET slots_left = 0 WHERE suite_id = $1::uuid AND position <= $2", [
    suiteId,
    done,
  ]);
  await pool.query("VACUUM ANALYZE");
  return { suiteId, done, seconds: (performance.now() - start) / 1000 };
}

/** Overlap k held: how many items have more submitted ratings than k (must be none). */
export async function itemsOverOverlap(pool: pg.Pool, suiteId: string, overlap: number): Promise<number> {
  const {
    rows: [over],
  } = await pool.query<{ n: string }>(
    "SELECT count(*) AS n FROM (SELECT item_id FROM assignment WHERE suite_id = $1::uuid AND status = 'submitted' GROUP BY item_id HAVING count(*) > $2) o",
    [suiteId, overlap],
  );
  return Number(over!.n);
}
