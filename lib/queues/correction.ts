// Correcting the item just submitted, from the rating page: while the
// assignment is the rater's, they may submit a new record whose derived_from
// names their latest rating of it (the first submission or their last
// correction). Submitted records never change.
import "server-only";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import type { Item } from "@/lib/items/types";
import { submitRecord } from "@/lib/records/service";
import { submittedObject } from "@/lib/work-items/engine";
import { lockAssignmentForCorrection, selectLatestInChain } from "./queries";
import type { QueueRater } from "./queue-rater";
import { ratingContextOf } from "./record-task";

export async function correctSubmittedAssignment(options: {
  rater: QueueRater;
  assignmentId: string;
  draft: unknown;
  origin?: RequestOrigin;
}): Promise<{ evalId: string; derivedFrom: string }> {
  const { rater, assignmentId } = options;
  const notFound = new AppError("NOT_FOUND", "No submitted assignment with this id in your queue");
  // A visitor's rating cannot derive from a record (rater.type end_user): they have nothing to correct here.
  if (rater.kind !== "user" || !isUuid(assignmentId)) throw notFound;
  const submitted = submittedObject(options.draft);
  return db().$transaction(async (tx) => {
    const row = await lockAssignmentForCorrection(tx, rater.raterKey, assignmentId);
    if (!row) throw notFound;
    if (row.status !== "submitted" || !row.eval_id)
      throw new AppError("CONFLICT", "This item has not been submitted yet: change the draft instead");
    const latest = await selectLatestInChain(tx, row.suite_id, row.eval_id);
    const draft = { ...submitted, ...ratingContextOf(row.body as Item, row.suite_key), derived_from: latest };
    // It counts in the suite in place of the rating it corrects (suite_rating), so k and agreement see one answer per rater.
    const stored = await submitRecord({
      actor: rater.actor,
      draft,
      origin: options.origin,
      client: tx,
      countedIn: { suiteId: row.suite_id, itemId: row.item_id, flow: "correction", supersedes: latest },
    });
    await recordAuditEvent({
      action: "record.corrected",
      actorId: rater.actor.userId,
      subject: stored.evalId,
      origin: options.origin,
      details: { assignment_id: assignmentId, derived_from: latest },
      client: tx,
    });
    return { evalId: stored.evalId, derivedFrom: latest };
  });
}
