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
import { assignmentAccess } from "./assignment-kind";
import { countSkipsByRater, lockAssignmentForSkip, markSkipped, selectSkippedItems } from "./queries";
import type { QueueRater } from "./queue-rater";
import { SkipInput } from "./skip-input";
import type { SkipReason } from "./skip-reasons";

export async function skipAssignment(options: {
  rater: QueueRater;
  assignmentId: string;
  input: unknown;
  origin?: RequestOrigin;
}): Promise<{ skipped: true }> {
  const { rater, assignmentId } = options;
  const input = parseInput(SkipInput, options.input, "The skip is not valid");
  if (!isUuid(assignmentId)) throw new AppError("NOT_FOUND", "No assignment with this id in your queue");
  return db().$transaction(async (tx) => {
    const row = await lockAssignmentForSkip(tx, assignmentAccess(rater), assignmentId);
    if (!row) throw new AppError("NOT_FOUND", "No assignment with this id in your queue");
    if (row.status === "skipped") return { skipped: true as const };
    if (row.status !== "held") throw new AppError("CONFLICT", "This item was already submitted; it cannot be skipped");
    await markSkipped(tx, assignmentId, input.reason, input.comment || null);
    await recordAuditEvent({
      action: "assignment.skipped",
      actorId: rater.kind === "user" ? rater.actor.userId : null,
      subject: assignmentId,
      origin: options.origin,
      details: {
        suite_id: row.suite_id,
        item_id: row.item_id,
        reason: input.reason,
        ...(input.comment ? { comment: input.comment } : {}),
        ...(rater.kind === "visitor" ? { visitor: rater.raterKey } : {}),
      },
      client: tx,
    });
    return { skipped: true as const };
  });
}

export type SkipSummary = {
  byRater: { raterKey: string; skipped: number }[];
  items: {
    itemId: string;
    taskId: string;
    skipped: number;
    reasons: Partial<Record<SkipReason, number>>;
    comments: string[];
    everyRaterSkipped: boolean;
    /** Every suite rater skipped it as broken: kept from share links, flagged to the admin. */
    brokenForEveryRater: boolean;
  }[];
};

/** Skips in a suite, per rater and per item; an item every suite rater skipped needs the admin. */
export async function getSkipSummary(options: { actor: Actor; suiteId: string }): Promise<SkipSummary> {
  // The suite's existence and the admin's right to see it are checked by the suite service.
  await getSuite(options);
  const byRater = await countSkipsByRater(db(), options.suiteId);
  const items = await selectSkippedItems(db(), options.suiteId);
  return {
    byRater,
    items: items.map((row) => ({
      itemId: row.itemId,
      taskId: row.taskId,
      skipped: row.skipped,
      reasons: row.reasons as SkipSummary["items"][number]["reasons"],
      comments: row.comments,
      everyRaterSkipped: row.raters > 0 && row.raterSkips >= row.raters,
      brokenForEveryRater: row.brokenForEveryRater,
    })),
  };
}
