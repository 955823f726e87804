// The SME review queue: judge records of a suite waiting for an expert. "Next"
// holds one task for the SME (like a rater's assignment); submitting stores a
// new hybrid record deriving from the judge record, plus one decision per
// field, and closes the task — all in one transaction.
import "server-only";
import type { RequestOrigin } from "@/lib/audit/service";
import type { AifRecord } from "@/lib/aif/types";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db, type DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/ids";
import type { Item } from "@/lib/items/types";
import { submitHybridRecord } from "@/lib/records/flow-records";
import { parseStatus, REVIEW_TASK_STATUSES, type ReviewTaskStatus } from "@/lib/statuses";
import {
  draftNotSaved,
  holdWorkItem,
  saveWorkItemDraft,
  submittedObject,
  submitWorkItem,
  workItemNotFound,
  type SavedDraft,
} from "@/lib/work-items/engine";
import { fieldDecisions } from "./field-decisions";
import {
  claimOpenTask,
  isHeldByAnother,
  lockOwnLiveTask,
  selectReviewerSuiteHold,
  selectReviewQueues,
} from "./queries";
import { REVIEW_TASK, reviewAccess } from "./review-task-kind";

export type ReviewTaskView = {
  judgeEvalId: string;
  suite: { id: string; key: string; name: string };
  item: Item;
  judgeRecord: AifRecord;
  status: ReviewTaskStatus;
  draft: Record<string, unknown> | null;
  draftVersion: number;
  hybridEvalId: string | null;
};

/** `open`: prefills this SME could take now (not held by another SME). */
export type ReviewQueue = { suiteId: string; name: string; key: string; open: number; reviewedByMe: number };

/** Where a judge record waiting for review came from: a judge run, or an imported prefill file. */
export type ReviewTaskSource = { judgeRunId: string } | { prefillImportId: string };

/**
 * Opens review tasks for stored judge records (the only writer of new
 * review_task rows: judge runs and prefill imports call it inside their
 * transaction, through `client`).
 */
export async function openReviewTasks(options: {
  client: DbClient;
  tasks: ({ judgeEvalId: string; suiteId: string; itemId: string } & ReviewTaskSource)[];
}): Promise<void> {
  if (options.tasks.length === 0) return;
  await options.client.reviewTask.createMany({ data: options.tasks });
}

const notFound = () => workItemNotFound(REVIEW_TASK);

/** The suites the SME reviews (those they are assigned to), with what is left. */
export async function reviewQueues(options: { actor: Actor }): Promise<ReviewQueue[]> {
  authorize(options.actor, "review.work");
  return selectReviewQueues(db(), options.actor.userId);
}

/**
 * Holds the next open prefill of the suite for the SME: their own held one
 * first, else the oldest that nobody holds (or whose hold ran out). Null when
 * nothing is left.
 */
export async function nextReviewTask(options: { actor: Actor; suiteId: string }): Promise<string | null> {
  const { actor, suiteId } = options;
  authorize(actor, "review.work");
  if (!isUuid(suiteId)) throw new AppError("NOT_FOUND", "No suite with this id in your review queues");
  return db().$transaction(async (tx) => {
    const holdSeconds = await selectReviewerSuiteHold(tx, actor.userId, suiteId);
    if (holdSeconds === undefined) throw new AppError("NOT_FOUND", "No suite with this id in your review queues");
    const held = await lockOwnLiveTask(tx, actor.userId, suiteId);
    if (held) {
      await holdWorkItem(tx, REVIEW_TASK, { id: held, holdSeconds });
      return held;
    }
    return (await claimOpenTask(tx, actor.userId, suiteId, holdSeconds)) ?? null;
  });
}

async function findOwn(client: DbClient, actor: Actor, judgeEvalId: string) {
  if (!isUuid(judgeEvalId)) throw notFound();
  const row = await client.reviewTask.findFirst({
    // Only while the SME is still assigned to the suite.
    where: {
      judgeEvalId,
      reviewerId: actor.userId,
      suiteItem: { suite: { raters: { some: { userId: actor.userId } } } },
    },
    include: {
      judgeRecord: { select: { body: true } },
      suiteItem: {
        include: { suite: { select: { id: true, key: true, name: true } }, item: { select: { body: true } } },
      },
    },
  });
  if (!row) throw notFound();
  return row;
}

/** A hold that ran out and went to another SME is a conflict, not a missing task. */
async function assertNotTakenOver(actor: Actor, judgeEvalId: string, client: DbClient = db()): Promise<void> {
  if (await isHeldByAnother(client, actor.userId, judgeEvalId)) {
    throw new AppError(
      "CONFLICT",
      "Your hold on this prefill ran out and another SME took it over; your draft was not saved. Open the next prefill.",
    );
  }
}

export async function getReviewTask(options: { actor: Actor; judgeEvalId: string }): Promise<ReviewTaskView> {
  authorize(options.actor, "review.work");
  const row = await findOwn(db(), options.actor, options.judgeEvalId);
  return {
    judgeEvalId: row.judgeEvalId,
    suite: row.suiteItem.suite,
    item: row.suiteItem.item.body as unknown as Item,
    judgeRecord: row.judgeRecord.body as unknown as AifRecord,
    status: parseStatus(REVIEW_TASK_STATUSES, row.status),
    draft: row.draft as Record<string, unknown> | null,
    draftVersion: row.draftVersion,
    hybridEvalId: row.hybridEvalId,
  };
}

/** Saves the SME's draft if `baseVersion` is current; otherwise CONFLICT and nothing changes. */
export async function saveReviewDraft(options: {
  /** Milliseconds the page was visible, focused and in use since its last save (lib/work-items/engine.ts bounds it). */
  activeMs?: unknown;
  actor: Actor;
  judgeEvalId: string;
  baseVersion: unknown;
  draft: unknown;
}): Promise<SavedDraft> {
  const { actor, judgeEvalId } = options;
  authorize(actor, "review.work");
  if (!isUuid(judgeEvalId)) throw notFound();
  const saved = await saveWorkItemDraft(db(), REVIEW_TASK, {
    id: judgeEvalId,
    access: reviewAccess(actor),
    activeMs: options.activeMs,
    draft: options.draft,
    baseVersion: options.baseVersion,
  });
  if (saved) return saved;
  await assertNotTakenOver(actor, judgeEvalId);
  throw draftNotSaved(REVIEW_TASK, await findOwn(db(), actor, judgeEvalId), options.baseVersion);
}

export type SubmittedReview = { evalId: string; alreadySubmitted: boolean; changedFields: number };

/**
 * Stores the SME's review as a hybrid record and its field decisions, and
 * closes the task. A repeated submit (double click, retry) answers with the
 * same record: the task row is locked first, so only one transaction stores.
 */
export async function submitReview(options: {
  /** Milliseconds the page was visible, focused and in use since its last save (lib/work-items/engine.ts bounds it). */
  activeMs?: unknown;
  actor: Actor;
  judgeEvalId: string;
  draft: unknown;
  origin?: RequestOrigin;
}): Promise<SubmittedReview> {
  const { actor, judgeEvalId } = options;
  authorize(actor, "review.work");
  if (!isUuid(judgeEvalId)) throw notFound();
  const outcome = await submitWorkItem(REVIEW_TASK, {
    id: judgeEvalId,
    access: reviewAccess(actor),
    activeMs: options.activeMs,
    whenNotFound: (tx) => assertNotTakenOver(actor, judgeEvalId, tx),
    store: async (tx) => {
      const submitted = submittedObject(options.draft);
      const row = await findOwn(tx, actor, judgeEvalId);
      const judge = row.judgeRecord.body as unknown as AifRecord;
      // The item context is the judge record's: both records rate the same thing.
      const draft = { ...submitted, task: judge.task, subject: judge.subject };
      const stored = await submitHybridRecord({
        actor,
        judgeEvalId,
        draft,
        origin: options.origin,
        client: tx,
        countedIn: { suiteId: row.suiteId, itemId: row.itemId, flow: "review" },
      });
      const decisions = fieldDecisions(judge, stored.body);
      await tx.reviewDecision.createMany({
        data: decisions.map((decision) => ({
          hybridEvalId: stored.evalId,
          path: decision.path,
          decision: decision.decision,
          judgeValue: decision.judgeValue === null ? Prisma.DbNull : (decision.judgeValue as Prisma.InputJsonValue),
          finalValue: decision.finalValue === null ? Prisma.DbNull : (decision.finalValue as Prisma.InputJsonValue),
        })),
      });
      return {
        resultId: stored.evalId,
        changedFields: decisions.filter((decision) => decision.decision !== "accepted").length,
      };
    },
  });
  return {
    evalId: outcome.resultId,
    alreadySubmitted: outcome.alreadySubmitted,
    changedFields: outcome.alreadySubmitted ? 0 : outcome.changedFields,
  };
}
