// A decision rests on the ratings it was made from (adjudication.source_eval_ids).
// When a rater corrects one of them, the decision describes ratings the suite
// no longer counts: the item goes back to needs_adjudication (rather than the
// correction being refused, which would leave a mistake the rater has seen
// standing in the suite) and its next decision derives from the last one, as
// a re-adjudication asked for by an admin does.
import "server-only";
import type { SqlClient } from "@/lib/sql-transaction";

/**
 * Opens a re-adjudication of the item when its latest decision used
 * `supersededEvalId` as a source; the task's id, or null when the item has no
 * such decision. Called in the correction's transaction, so the correction and
 * the reopening are stored together.
 */
export async function reopenDecisionOnCorrectedSource(
  client: SqlClient,
  options: { suiteId: string; itemId: string; supersededEvalId: string },
): Promise<string | null> {
  const [task] = await client.$queryRaw<{ id: string }[]>`
    WITH latest AS (
      SELECT d.eval_id, d.source_eval_ids FROM adjudication d
      WHERE d.suite_id = ${options.suiteId}::uuid AND d.item_id = ${options.itemId}::uuid
      ORDER BY d.created_at DESC, d.eval_id DESC LIMIT 1)
    INSERT INTO adjudication_task (suite_id, item_id, spread, reasons_count, previous_eval_id)
    SELECT ${options.suiteId}::uuid, ${options.itemId}::uuid, 0, 1, latest.eval_id FROM latest
    WHERE ${options.supersededEvalId}::uuid = ANY (latest.source_eval_ids)
    ON CONFLICT (suite_id, item_id) WHERE status = 'open' DO UPDATE SET previous_eval_id = excluded.previous_eval_id
    RETURNING id`;
  return task?.id ?? null;
}
