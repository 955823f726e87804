// Correcting the item just submitted, from the rating page: while the
// assignment is the rater's, they may submit a new record whose derived_from
// names their latest rating of it (the first submission or their last
// correction). Submitted records never change. Not in an archived suite, not
// once removed from the suite, and a few times at most: each one counts in the
// suite in place of the last. Correcting a rating an adjudication was made
// from sends the item back to adjudication (lib/adjudication/corrected-source.ts).
import "server-only";
import { reopenDecisionOnCorrectedSource } from "@/lib/adjudication/corrected-source";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import type { Item } from "@/lib/items/types";
import { submitRecord } from "@/lib/records/submit-record";
import { submittedObject } from "@/lib/work-items/engine";
import { lockAssignmentForCorrection, selectChainEnd } from "./queries";
import type { QueueRater } from "./queue-rater";
import { ratingContextOf } from "./record-task";

/** Corrections of one assignment's rating, at most: enough to fix slips, too few to keep rewriting a counted answer. */
export const MAX_CORRECTIONS_PER_ASSIGNMENT = 5;

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
    // A correction counts in the suite: only while the suite is running and the rater still rates it.
    if (row.archived) throw new AppError("CONFLICT", "This suite is archived: its ratings can no longer be corrected");
    if (!row.still_rater)
      throw new AppError(
        "CONFLICT",
        "You are no longer a rater of this suite: your ratings of it can no longer be corrected",
      );
    const { latest, corrections } = await selectChainEnd(tx, row.suite_id, row.eval_id);
    // Read under the assignment's lock, so parallel corrections cannot all see room for one more.
    if (corrections >= MAX_CORRECTIONS_PER_ASSIGNMENT)
      throw new AppError(
        "CONFLICT",
        `This rating has been corrected ${corrections} times, the most allowed; ask an admin if it is still wrong`,
      );
    const draft = { ...submitted, ...ratingContextOf(row.body as Item, row.suite_key), derived_from: latest };
    // It counts in the suite in place of the rating it corrects (suite_rating), so k and agreement see one answer per rater.
    const stored = await submitRecord({
      actor: rater.actor,
      draft,
      origin: options.origin,
      client: tx,
      countedIn: { suiteId: row.suite_id, itemId: row.item_id, flow: "correction", supersedes: latest },
    });
    const reopened = await reopenDecisionOnCorrectedSource(tx, {
      suiteId: row.suite_id,
      itemId: row.item_id,
      supersededEvalId: latest,
    });
    await recordAuditEvent({
      action: "record.corrected",
      actorId: rater.actor.userId,
      subject: stored.evalId,
      origin: options.origin,
      details: {
        assignment_id: assignmentId,
        derived_from: latest,
        ...(reopened ? { reopened_adjudication: reopened } : {}),
      },
      client: tx,
    });
    return { evalId: stored.evalId, derivedFrom: latest };
  });
}
