// Holds an admin ends (a rater removed from a suite, or one stuck hold), and
// the assignments an item leaves behind when it is removed before any rating.
// A released hold ends as an expired one does: the item returns to the pool
// and the draft stays on the row; submitted assignments are never touched.
import "server-only";
import type { DbClient } from "@/lib/db";

export type ReleasedHold = { assignmentId: string; raterKey: string; itemId: string };

/** Ends the live holds of the suite (of one rater, or one assignment); returns what it ended. */
export async function releaseHolds(
  client: DbClient,
  options: { suiteId: string; raterKey?: string; assignmentId?: string },
): Promise<ReleasedHold[]> {
  const rows = await client.$queryRaw<{ id: string; rater_key: string; item_id: string }[]>`
    UPDATE assignment SET held_until = now()
    WHERE suite_id = ${options.suiteId}::uuid AND status = 'held' AND held_until > now()
      AND (${options.raterKey ?? null}::text IS NULL OR rater_key = ${options.raterKey ?? null}::text)
      AND (${options.assignmentId ?? null}::uuid IS NULL OR id = ${options.assignmentId ?? null}::uuid)
    RETURNING id, rater_key, item_id`;
  return rows.map((row) => ({ assignmentId: row.id, raterKey: row.rater_key, itemId: row.item_id }));
}

/**
 * Deletes the item's assignments in the suite when none was submitted (held or
 * skipped ones only), so the item itself can go; false, and nothing deleted,
 * when one was submitted.
 */
export async function dropUnratedAssignments(client: DbClient, suiteId: string, itemId: string): Promise<boolean> {
  const [submitted] = await client.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM assignment
    WHERE suite_id = ${suiteId}::uuid AND item_id = ${itemId}::uuid AND status = 'submitted'`;
  if (Number(submitted?.n ?? 0) > 0) return false;
  await client.$executeRaw`DELETE FROM assignment WHERE suite_id = ${suiteId}::uuid AND item_id = ${itemId}::uuid`;
  return true;
}
