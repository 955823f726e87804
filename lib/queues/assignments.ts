// An assignment as the rating page sees it, its draft (versioned, so two tabs
// cannot silently overwrite each other) and its submission.
import "server-only";
import type { RequestOrigin } from "@/lib/audit/service";
import type { AifRecord } from "@/lib/aif/types";
import { db, type DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/ids";
import type { Item } from "@/lib/items/types";
import { submitEndUserRecord, submitRecord } from "@/lib/records/service";
import { draftToSave } from "./draft-input";
import { lockSuiteItem, slotStillAvailable } from "./next-item";
import type { QueueRater } from "./queue-rater";
import { ratingContextOf } from "./record-task";

export type AssignmentView = {
  id: string;
  suite: { id: string; key: string; name: string };
  /** The suite item's id (the item is its body). */
  itemId: string;
  item: Item;
  status: "held" | "submitted" | "skipped";
  heldUntil: Date;
  draft: Record<string, unknown> | null;
  draftVersion: number;
  draftSavedAt: Date | null;
  evalId: string | null;
};

function notFound(): AppError {
  return new AppError("NOT_FOUND", "No assignment with this id in your queue");
}

// A visitor's work belongs to the link it was taken through: another open
// link of the same suite does not reach it, and a revoked link stops it.
const linkOf = (rater: QueueRater) => (rater.kind === "visitor" ? rater.shareLinkId : null);

async function findOwn(client: DbClient, rater: QueueRater, assignmentId: string) {
  if (!isUuid(assignmentId)) throw notFound();
  const row = await client.assignment.findFirst({
    where: { id: assignmentId, raterKey: rater.raterKey, shareLinkId: linkOf(rater), ...(rater.kind === "visitor" ? { shareLink: { revokedAt: null } } : {}) },
    include: { suiteItem: { include: { suite: { select: { id: true, key: true, name: true } }, item: { select: { body: true } } } } },
  });
  if (!row) throw notFound();
  return row;
}

export async function getAssignment(options: { rater: QueueRater; assignmentId: string }): Promise<AssignmentView> {
  const row = await findOwn(db(), options.rater, options.assignmentId);
  return {
    id: row.id,
    suite: row.suiteItem.suite,
    itemId: row.itemId,
    item: row.suiteItem.item.body as unknown as Item,
    status: row.status as AssignmentView["status"],
    heldUntil: row.heldUntil,
    draft: row.draft as Record<string, unknown> | null,
    draftVersion: row.draftVersion,
    draftSavedAt: row.draftSavedAt,
    evalId: row.evalId,
  };
}

export type SavedDraft = { version: number; savedAt: Date };

/** Saves the draft if `baseVersion` is the stored version; otherwise CONFLICT, and nothing changes. */
export async function saveDraft(options: { rater: QueueRater; assignmentId: string; baseVersion: unknown; draft: unknown }): Promise<SavedDraft> {
  const { rater, assignmentId } = options;
  if (!isUuid(assignmentId)) throw notFound();
  const { json, baseVersion } = draftToSave(options);
  const [saved] = await db().$queryRaw<{ draft_version: number; draft_saved_at: Date }[]>`
    UPDATE assignment a SET draft = ${json}::jsonb, draft_version = a.draft_version + 1, draft_saved_at = now(),
           held_until = greatest(a.held_until, now() + make_interval(secs => s.hold_seconds))
    FROM suite s
    WHERE a.id = ${assignmentId}::uuid AND a.rater_key = ${rater.raterKey} AND s.id = a.suite_id
      AND a.share_link_id IS NOT DISTINCT FROM ${linkOf(rater)}::uuid
      AND NOT EXISTS (SELECT 1 FROM share_link l WHERE l.id = a.share_link_id AND l.revoked_at IS NOT NULL)
      AND a.status = 'held' AND a.draft_version = ${baseVersion}
    RETURNING a.draft_version, a.draft_saved_at`;
  if (saved) return { version: saved.draft_version, savedAt: saved.draft_saved_at };
  const current = await findOwn(db(), rater, assignmentId);
  if (current.status === "submitted") throw new AppError("CONFLICT", "This item was already submitted; the draft was not saved");
  if (current.status === "skipped") throw new AppError("CONFLICT", "You skipped this item; the draft was not saved");
  throw new AppError(
    "CONFLICT",
    `This draft was changed elsewhere (another tab or device) and is now at version ${current.draftVersion}; your version ${String(options.baseVersion)} was not saved. Load the newer draft, or keep yours to replace it.`,
    [],
    // The page offers the choice without a reload, so it needs what it would choose between.
    { current: { version: current.draftVersion, draft: current.draft } },
  );
}

export type SubmittedAssignment = { evalId: string; alreadySubmitted: boolean; record: AifRecord | null };

/**
 * Stores the rating as a record and closes the assignment, in one transaction.
 * Submitting an already-submitted assignment answers with its record (a retry
 * never stores twice). The task and subject come from the item.
 */
export async function submitAssignment(options: { rater: QueueRater; assignmentId: string; draft: unknown; origin?: RequestOrigin }): Promise<SubmittedAssignment> {
  const { rater, assignmentId } = options;
  if (!isUuid(assignmentId)) throw notFound();
  return db().$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: string; status: string; eval_id: string | null }[]>`
      SELECT a.id, a.status, a.eval_id FROM assignment a WHERE a.id = ${assignmentId}::uuid AND a.rater_key = ${rater.raterKey}
        AND a.share_link_id IS NOT DISTINCT FROM ${linkOf(rater)}::uuid
        AND NOT EXISTS (SELECT 1 FROM share_link l WHERE l.id = a.share_link_id AND l.revoked_at IS NOT NULL)
      FOR UPDATE OF a`;
    if (!locked) throw notFound();
    if (locked.status === "submitted") return { evalId: locked.eval_id as string, alreadySubmitted: true, record: null };
    if (locked.status === "skipped") throw new AppError("CONFLICT", "You skipped this item; it cannot be submitted");
    const row = await findOwn(tx, rater, assignmentId);
    await lockSuiteItem(tx, row.suiteId, row.itemId);
    const expired = row.heldUntil.getTime() <= Date.now();
    const [slots] = await tx.$queryRaw<{ slots_left: number }[]>`SELECT slots_left FROM suite_item WHERE suite_id = ${row.suiteId}::uuid AND item_id = ${row.itemId}::uuid`;
    if ((slots?.slots_left ?? 0) === 0 || (expired && !(await slotStillAvailable(tx, row.suiteId, row.itemId, row.id)))) {
      throw new AppError("CONFLICT", "This item received all its ratings while your hold had expired; your draft is kept, but the rating cannot be submitted. Open the next item.");
    }
    if (typeof options.draft !== "object" || options.draft === null || Array.isArray(options.draft)) {
      throw new AppError("INVALID_RECORD", "The record must be a JSON object", [{ path: "", rule: "type", message: "must be a JSON object" }]);
    }
    const derivedFrom = (options.draft as Record<string, unknown>).derived_from;
    if (derivedFrom !== undefined && derivedFrom !== null) {
      throw new AppError("INVALID_RECORD", "The record is not valid", [{ path: "/derived_from", rule: "notAllowed", message: "a rating of a queue item is a first rating: it cannot derive from a record" }]);
    }
    const draft = { ...(options.draft as Record<string, unknown>), ...ratingContextOf(row.suiteItem.item.body as unknown as Item, row.suiteItem.suite.key) };
    const countedIn = { suiteId: row.suiteId, itemId: row.itemId, flow: rater.kind === "user" ? "assignment" : "share_link" } as const;
    const stored = rater.kind === "user"
      ? await submitRecord({ actor: rater.actor, draft, origin: options.origin, client: tx, countedIn })
      : await submitEndUserRecord({ visitorId: rater.visitorId, draft, origin: options.origin, client: tx, countedIn });
    await tx.$executeRaw`UPDATE suite_item SET slots_left = slots_left - 1 WHERE suite_id = ${row.suiteId}::uuid AND item_id = ${row.itemId}::uuid`;
    await tx.assignment.update({
      where: { id: row.id },
      data: { status: "submitted", evalId: stored.evalId, submittedAt: new Date(), draft: Prisma.DbNull },
    });
    return { evalId: stored.evalId, alreadySubmitted: false, record: stored.body };
  });
}

/** "Item n of N": this assignment's place among the rater's items of the suite, and the suite's size. */
export async function assignmentPosition(options: { rater: QueueRater; assignmentId: string }): Promise<{ index: number; total: number } | undefined> {
  if (!isUuid(options.assignmentId)) return undefined;
  const [row] = await db().$queryRaw<{ index: bigint; total: bigint }[]>`
    SELECT (SELECT count(*) FROM assignment b WHERE b.suite_id = a.suite_id AND b.rater_key = a.rater_key AND b.created_at <= a.created_at) AS index,
           (SELECT count(*) FROM suite_item si WHERE si.suite_id = a.suite_id) AS total
    FROM assignment a WHERE a.id = ${options.assignmentId}::uuid AND a.rater_key = ${options.rater.raterKey}`;
  return row ? { index: Number(row.index), total: Number(row.total) } : undefined;
}
