// An assignment as the rating page sees it, its draft (versioned, so two tabs
// cannot silently overwrite each other) and its submission: the hold, draft
// and submit rules are the work-item engine's (lib/work-items); what is
// particular to ratings (overlap k slots, the item's context) is here.
import "server-only";
import type { RequestOrigin } from "@/lib/audit/service";
import type { AifRecord } from "@/lib/aif/types";
import { db, type DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import type { Item } from "@/lib/items/types";
import { submitEndUserRecord, submitRecord } from "@/lib/records/submit-record";
import { ASSIGNMENT_STATUSES, parseStatus, type AssignmentStatus } from "@/lib/statuses";
import {
  draftNotSaved,
  saveWorkItemDraft,
  submittedObject,
  submitWorkItemSql,
  workItemNotFound,
  type SavedDraft,
} from "@/lib/work-items/engine";
import { ASSIGNMENT, assignmentAccess, linkOf } from "./assignment-kind";
import { slotStillAvailable } from "./next-item";
import { lockAssignmentItemToSubmit, selectAssignmentPosition, takeSlot } from "./queries";
import type { QueueRater } from "./queue-rater";
import { ratingContextOf } from "./record-task";

export type AssignmentView = {
  id: string;
  /** `paused`: the suite hands out no new items now (the page says so). */
  suite: { id: string; key: string; name: string; paused: boolean };
  /** The suite item's id (the item is its body). */
  itemId: string;
  item: Item;
  status: AssignmentStatus;
  heldUntil: Date;
  draft: Record<string, unknown> | null;
  draftVersion: number;
  draftSavedAt: Date | null;
  evalId: string | null;
};

const notFound = () => workItemNotFound(ASSIGNMENT);

async function findOwn(client: DbClient, rater: QueueRater, assignmentId: string) {
  if (!isUuid(assignmentId)) throw notFound();
  const row = await client.assignment.findFirst({
    where: {
      id: assignmentId,
      raterKey: rater.raterKey,
      shareLinkId: linkOf(rater),
      ...(rater.kind === "visitor" ? { shareLink: { revokedAt: null } } : {}),
    },
    include: {
      suiteItem: {
        include: {
          suite: { select: { id: true, key: true, name: true, pausedAt: true } },
          item: { select: { body: true } },
        },
      },
    },
  });
  if (!row) throw notFound();
  return row;
}

export async function getAssignment(options: { rater: QueueRater; assignmentId: string }): Promise<AssignmentView> {
  const row = await findOwn(db(), options.rater, options.assignmentId);
  return {
    id: row.id,
    suite: {
      id: row.suiteItem.suite.id,
      key: row.suiteItem.suite.key,
      name: row.suiteItem.suite.name,
      paused: row.suiteItem.suite.pausedAt !== null,
    },
    itemId: row.itemId,
    item: row.suiteItem.item.body as unknown as Item,
    status: parseStatus(ASSIGNMENT_STATUSES, row.status),
    heldUntil: row.heldUntil,
    draft: row.draft as Record<string, unknown> | null,
    draftVersion: row.draftVersion,
    draftSavedAt: row.draftSavedAt,
    evalId: row.evalId,
  };
}

export type { SavedDraft } from "@/lib/work-items/engine";

/** Saves the draft if `baseVersion` is the stored version; otherwise CONFLICT, and nothing changes. */
export async function saveDraft(options: {
  /** Milliseconds the page was visible, focused and in use since its last save (lib/work-items/engine.ts bounds it). */
  activeMs?: unknown;
  rater: QueueRater;
  assignmentId: string;
  baseVersion: unknown;
  draft: unknown;
}): Promise<SavedDraft> {
  const { rater, assignmentId } = options;
  if (!isUuid(assignmentId)) throw notFound();
  const saved = await saveWorkItemDraft(db(), ASSIGNMENT, {
    id: assignmentId,
    access: assignmentAccess(rater),
    activeMs: options.activeMs,
    draft: options.draft,
    baseVersion: options.baseVersion,
  });
  if (saved) return saved;
  throw draftNotSaved(ASSIGNMENT, await findOwn(db(), rater, assignmentId), options.baseVersion);
}

export type SubmittedAssignment = { evalId: string; alreadySubmitted: boolean; record: AifRecord | null };

/**
 * Stores the rating as a record and closes the assignment, in one transaction.
 * Submitting an already-submitted assignment answers with its record (a retry
 * never stores twice). The task and subject come from the item.
 */
export async function submitAssignment(options: {
  /** Milliseconds the page was visible, focused and in use since its last save (lib/work-items/engine.ts bounds it). */
  activeMs?: unknown;
  rater: QueueRater;
  assignmentId: string;
  draft: unknown;
  origin?: RequestOrigin;
}): Promise<SubmittedAssignment> {
  const { rater, assignmentId } = options;
  if (!isUuid(assignmentId)) throw notFound();
  // A plain pg transaction (lib/sql-transaction.ts): the lock, the checks and the one record statement.
  const outcome = await submitWorkItemSql(ASSIGNMENT, {
    id: assignmentId,
    access: assignmentAccess(rater),
    activeMs: options.activeMs,
    store: async (tx) => {
      // The engine has locked the row and checked that it is the rater's.
      const row = await lockAssignmentItemToSubmit(tx, assignmentId);
      if (!row) throw notFound();
      // Held before they took up the item's adjudication: their rating would not be independent of the others'.
      if (row.adjudicator)
        throw new AppError(
          "CONFLICT",
          "You adjudicated this item (or hold its adjudication), so your rating would not be independent; skip it instead",
        );
      if (
        row.slots_left === 0 ||
        (row.expired && !(await slotStillAvailable(tx, row.suite_id, row.item_id, assignmentId)))
      ) {
        throw new AppError(
          "CONFLICT",
          "This item received all its ratings while your hold had expired; your draft is kept, but the rating cannot be submitted. Open the next item.",
        );
      }
      const submitted = submittedObject(options.draft);
      if (submitted.derived_from !== undefined && submitted.derived_from !== null) {
        throw new AppError("INVALID_RECORD", "The record is not valid", [
          {
            path: "/derived_from",
            rule: "notAllowed",
            message: "a rating of a queue item is a first rating: it cannot derive from a record",
          },
        ]);
      }
      const draft = { ...submitted, ...ratingContextOf(row.item_body as Item, row.suite_key) };
      const countedIn = {
        suiteId: row.suite_id,
        itemId: row.item_id,
        flow: rater.kind === "user" ? "assignment" : "share_link",
      } as const;
      const stored =
        rater.kind === "user"
          ? await submitRecord({ actor: rater.actor, draft, origin: options.origin, client: tx, countedIn })
          : await submitEndUserRecord({
              visitorId: rater.visitorId,
              draft,
              origin: options.origin,
              client: tx,
              countedIn,
            });
      await takeSlot(tx, row.suite_id, row.item_id);
      return { resultId: stored.evalId, record: stored.body };
    },
  });
  return {
    evalId: outcome.resultId,
    alreadySubmitted: outcome.alreadySubmitted,
    record: outcome.alreadySubmitted ? null : outcome.record,
  };
}

/** "Item n of N": this assignment's place among the rater's items of the suite, and the suite's size. */
export async function assignmentPosition(options: {
  rater: QueueRater;
  assignmentId: string;
}): Promise<{ index: number; total: number } | undefined> {
  if (!isUuid(options.assignmentId)) return undefined;
  return selectAssignmentPosition(db(), options.rater.raterKey, options.assignmentId);
}
