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
import type { QueueRater } from "./queue-rater";
import { ratingContextOf } from "./record-task";

export async function correctSubmittedAssignment(options: { rater: QueueRater; assignmentId: string; draft: unknown; origin?: RequestOrigin }): Promise<{ evalId: string; derivedFrom: string }> {
  const { rater, assignmentId } = options;
  const notFound = new AppError("NOT_FOUND", "No submitted assignment with this id in your queue");
  // A visitor's rating cannot derive from a record (rater.type end_user): they have nothing to correct here.
  if (rater.kind !== "user" || !isUuid(assignmentId)) throw notFound;
  if (typeof options.draft !== "object" || options.draft === null || Array.isArray(options.draft)) {
    throw new AppError("INVALID_RECORD", "The record must be a JSON object", [{ path: "", rule: "type", message: "must be a JSON object" }]);
  }
  return db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ status: string; eval_id: string | null; body: unknown; suite_key: string; suite_id: string; item_id: string }[]>`
      SELECT a.status, a.eval_id, i.body, s.key AS suite_key, a.suite_id, a.item_id FROM assignment a
      JOIN item i ON i.id = a.item_id JOIN suite s ON s.id = a.suite_id
      WHERE a.id = ${assignmentId}::uuid AND a.rater_key = ${rater.raterKey} FOR UPDATE OF a`;
    if (!row) throw notFound;
    if (row.status !== "submitted" || !row.eval_id) throw new AppError("CONFLICT", "This item has not been submitted yet: change the draft instead");
    // The latest of the rater's ratings of this item in the suite: its chain of
    // corrections in suite_record (each row superseded at most once, so the chain is a line).
    // A record derived from it outside the suite (a free-form correction) is not in the chain.
    const [{ latest }] = await tx.$queryRaw<[{ latest: string }]>`
      WITH RECURSIVE chain AS (
        SELECT eval_id, 0 AS depth FROM suite_record WHERE suite_id = ${row.suite_id}::uuid AND eval_id = ${row.eval_id}::uuid
        UNION ALL
        SELECT c.eval_id, chain.depth + 1 FROM suite_record c JOIN chain ON c.supersedes = chain.eval_id
        WHERE c.suite_id = ${row.suite_id}::uuid)
      SELECT coalesce((SELECT eval_id::text FROM chain ORDER BY depth DESC LIMIT 1), ${row.eval_id}) AS latest`;
    const draft = { ...(options.draft as Record<string, unknown>), ...ratingContextOf(row.body as Item, row.suite_key), derived_from: latest };
    // It counts in the suite in place of the rating it corrects (suite_rating), so k and agreement see one answer per rater.
    const stored = await submitRecord({ actor: rater.actor, draft, origin: options.origin, client: tx, countedIn: { suiteId: row.suite_id, itemId: row.item_id, flow: "correction", supersedes: latest } });
    await recordAuditEvent({ action: "record.corrected", actorId: rater.actor.userId, subject: stored.evalId, origin: options.origin, details: { assignment_id: assignmentId, derived_from: latest }, client: tx });
    return { evalId: stored.evalId, derivedFrom: latest };
  });
}
