// Skipping an item with a reason: the rater's hold is released without using a
// slot, so the item goes back to the queue for others; the skipped assignment
// stays (the item is never offered to that rater again) and is counted per
// item and rater. An item every suite rater skipped is listed for the admin.
import "server-only";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { parseInput } from "@/lib/input";
import { getSuite } from "@/lib/suites/service";
import type { QueueRater } from "./queue-rater";
import { SkipInput } from "./skip-input";
import type { SkipReason } from "./skip-reasons";

export async function skipAssignment(options: { rater: QueueRater; assignmentId: string; input: unknown; origin?: RequestOrigin }): Promise<{ skipped: true }> {
  const { rater, assignmentId } = options;
  const input = parseInput(SkipInput, options.input, "The skip is not valid");
  if (!isUuid(assignmentId)) throw new AppError("NOT_FOUND", "No assignment with this id in your queue");
  return db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ status: string; suite_id: string; item_id: string }[]>`
      SELECT status, suite_id, item_id FROM assignment WHERE id = ${assignmentId}::uuid AND rater_key = ${rater.raterKey} FOR UPDATE`;
    if (!row) throw new AppError("NOT_FOUND", "No assignment with this id in your queue");
    if (row.status === "skipped") return { skipped: true as const };
    if (row.status !== "held") throw new AppError("CONFLICT", "This item was already submitted; it cannot be skipped");
    await tx.$executeRaw`
      UPDATE assignment SET status = 'skipped', skip_reason = ${input.reason}, skip_comment = ${input.comment || null},
             skipped_at = now(), held_until = now(), draft = NULL
      WHERE id = ${assignmentId}::uuid`;
    await recordAuditEvent({
      action: "assignment.skipped",
      actorId: rater.kind === "user" ? rater.actor.userId : null,
      subject: assignmentId,
      origin: options.origin,
      details: { suite_id: row.suite_id, item_id: row.item_id, reason: input.reason, ...(input.comment ? { comment: input.comment } : {}), ...(rater.kind === "visitor" ? { visitor: rater.raterKey } : {}) },
      client: tx,
    });
    return { skipped: true as const };
  });
}

export type SkipSummary = {
  byRater: { raterKey: string; skipped: number }[];
  items: { itemId: string; taskId: string; skipped: number; reasons: Partial<Record<SkipReason, number>>; comments: string[]; everyRaterSkipped: boolean }[];
};

/** Skips in a suite, per rater and per item; an item every suite rater skipped needs the admin. */
export async function getSkipSummary(options: { actor: Actor; suiteId: string }): Promise<SkipSummary> {
  // The suite's existence and the admin's right to see it are checked by the suite service.
  await getSuite(options);
  const byRater = await db().$queryRaw<{ rater_key: string; skipped: bigint }[]>`
    SELECT rater_key, count(*) AS skipped FROM assignment WHERE suite_id = ${options.suiteId}::uuid AND status = 'skipped'
    GROUP BY rater_key ORDER BY rater_key`;
  const items = await db().$queryRaw<{ item_id: string; task_id: string; skipped: bigint; reasons: Record<string, number>; comments: string[] | null; raters: bigint; rater_skips: bigint }[]>`
    SELECT a.item_id, i.task_id, count(*) AS skipped,
           (SELECT jsonb_object_agg(reason, n) FROM (SELECT skip_reason AS reason, count(*) AS n FROM assignment b
              WHERE b.suite_id = a.suite_id AND b.item_id = a.item_id AND b.status = 'skipped' GROUP BY skip_reason) r) AS reasons,
           array_remove(array_agg(a.skip_comment ORDER BY a.skipped_at), NULL) AS comments,
           (SELECT count(*) FROM suite_rater sr WHERE sr.suite_id = a.suite_id) AS raters,
           count(*) FILTER (WHERE a.rater_key IN (SELECT sr.user_id FROM suite_rater sr WHERE sr.suite_id = a.suite_id)) AS rater_skips
    FROM assignment a JOIN item i ON i.id = a.item_id
    WHERE a.suite_id = ${options.suiteId}::uuid AND a.status = 'skipped'
    GROUP BY a.suite_id, a.item_id, i.task_id
    ORDER BY count(*) DESC, i.task_id`;
  return {
    byRater: byRater.map((row) => ({ raterKey: row.rater_key, skipped: Number(row.skipped) })),
    items: items.map((row) => ({
      itemId: row.item_id,
      taskId: row.task_id,
      skipped: Number(row.skipped),
      reasons: row.reasons as SkipSummary["items"][number]["reasons"],
      comments: row.comments ?? [],
      everyRaterSkipped: Number(row.raters) > 0 && Number(row.rater_skips) >= Number(row.raters),
    })),
  };
}
