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
import { draftToSave } from "@/lib/queues/draft-input";
import { submitHybridRecord } from "@/lib/records/service";
import { fieldDecisions } from "./field-decisions";

export type ReviewTaskView = {
  judgeEvalId: string;
  suite: { id: string; key: string; name: string };
  item: Item;
  judgeRecord: AifRecord;
  status: "open" | "reviewed";
  draft: Record<string, unknown> | null;
  draftVersion: number;
  hybridEvalId: string | null;
};

/** `open`: prefills this SME could take now (not held by another SME). */
export type ReviewQueue = { suiteId: string; name: string; key: string; open: number; reviewedByMe: number };

function notFound(): AppError {
  return new AppError("NOT_FOUND", "No review with this id in your queue");
}

/** The suites the SME reviews (those they are assigned to), with what is left. */
export async function reviewQueues(options: { actor: Actor }): Promise<ReviewQueue[]> {
  authorize(options.actor, "review.work");
  const rows = await db().$queryRaw<{ suite_id: string; name: string; key: string; open: bigint; reviewed_by_me: bigint }[]>`
    SELECT s.id AS suite_id, s.name, s.key,
           count(t.judge_eval_id) FILTER (WHERE t.status = 'open'
             AND (t.reviewer_id IS NULL OR t.held_until <= now() OR t.reviewer_id = ${options.actor.userId})) AS open,
           count(t.judge_eval_id) FILTER (WHERE t.status = 'reviewed' AND t.reviewer_id = ${options.actor.userId}) AS reviewed_by_me
    FROM suite s JOIN suite_rater r ON r.suite_id = s.id AND r.user_id = ${options.actor.userId}
    LEFT JOIN review_task t ON t.suite_id = s.id
    GROUP BY s.id ORDER BY s.created_at DESC`;
  return rows.map((row) => ({ suiteId: row.suite_id, name: row.name, key: row.key, open: Number(row.open), reviewedByMe: Number(row.reviewed_by_me) }));
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
    const [suite] = await tx.$queryRaw<{ hold_seconds: number }[]>`
      SELECT s.hold_seconds FROM suite s JOIN suite_rater r ON r.suite_id = s.id AND r.user_id = ${actor.userId} WHERE s.id = ${suiteId}::uuid`;
    if (!suite) throw new AppError("NOT_FOUND", "No suite with this id in your review queues");
    const [held] = await tx.$queryRaw<{ judge_eval_id: string }[]>`
      UPDATE review_task SET held_until = now() + make_interval(secs => ${suite.hold_seconds})
      WHERE judge_eval_id = (
        SELECT judge_eval_id FROM review_task
        WHERE suite_id = ${suiteId}::uuid AND status = 'open' AND reviewer_id = ${actor.userId} AND held_until > now()
        ORDER BY created_at, judge_eval_id LIMIT 1)
      RETURNING judge_eval_id`;
    if (held) return held.judge_eval_id;
    // Taking over an expired hold starts from the judge's values again and
    // bumps the version, so the former holder's autosave gets a conflict.
    const [claimed] = await tx.$queryRaw<{ judge_eval_id: string }[]>`
      UPDATE review_task t SET reviewer_id = ${actor.userId}, held_until = now() + make_interval(secs => ${suite.hold_seconds}),
             draft = CASE WHEN t.reviewer_id = ${actor.userId} THEN t.draft END,
             draft_version = t.draft_version + 1
      WHERE t.judge_eval_id = (
        SELECT judge_eval_id FROM review_task
        WHERE suite_id = ${suiteId}::uuid AND status = 'open' AND (reviewer_id IS NULL OR held_until <= now() OR reviewer_id = ${actor.userId})
        ORDER BY created_at, judge_eval_id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING t.judge_eval_id`;
    return claimed?.judge_eval_id ?? null;
  });
}

async function findOwn(client: DbClient, actor: Actor, judgeEvalId: string) {
  if (!isUuid(judgeEvalId)) throw notFound();
  const row = await client.reviewTask.findFirst({
    // Only while the SME is still assigned to the suite.
    where: { judgeEvalId, reviewerId: actor.userId, suiteItem: { suite: { raters: { some: { userId: actor.userId } } } } },
    include: {
      judgeRecord: { select: { body: true } },
      suiteItem: { include: { suite: { select: { id: true, key: true, name: true } }, item: { select: { body: true } } } },
    },
  });
  if (!row) throw notFound();
  return row;
}

/** A hold that ran out and went to another SME is a conflict, not a missing task. */
async function assertNotTakenOver(actor: Actor, judgeEvalId: string, client: DbClient = db()): Promise<void> {
  const [task] = await client.$queryRaw<{ reviewer_id: string | null }[]>`
    SELECT t.reviewer_id FROM review_task t
    WHERE t.judge_eval_id = ${judgeEvalId}::uuid AND t.reviewer_id IS DISTINCT FROM ${actor.userId}
      AND EXISTS (SELECT 1 FROM suite_rater r WHERE r.suite_id = t.suite_id AND r.user_id = ${actor.userId})`;
  if (task) {
    throw new AppError("CONFLICT", "Your hold on this prefill ran out and another SME took it over; your draft was not saved. Open the next prefill.");
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
    status: row.status as ReviewTaskView["status"],
    draft: row.draft as Record<string, unknown> | null,
    draftVersion: row.draftVersion,
    hybridEvalId: row.hybridEvalId,
  };
}

/** Saves the SME's draft if `baseVersion` is current; otherwise CONFLICT and nothing changes. */
export async function saveReviewDraft(options: { actor: Actor; judgeEvalId: string; baseVersion: unknown; draft: unknown }): Promise<{ version: number; savedAt: Date }> {
  const { actor, judgeEvalId } = options;
  authorize(actor, "review.work");
  if (!isUuid(judgeEvalId)) throw notFound();
  const { json, baseVersion } = draftToSave(options);
  const [saved] = await db().$queryRaw<{ draft_version: number; draft_saved_at: Date }[]>`
    UPDATE review_task t SET draft = ${json}::jsonb, draft_version = t.draft_version + 1, draft_saved_at = now(),
           held_until = greatest(t.held_until, now() + make_interval(secs => s.hold_seconds))
    FROM suite s
    WHERE t.judge_eval_id = ${judgeEvalId}::uuid AND t.reviewer_id = ${actor.userId} AND s.id = t.suite_id
      AND t.status = 'open' AND t.draft_version = ${baseVersion}
      AND EXISTS (SELECT 1 FROM suite_rater r WHERE r.suite_id = t.suite_id AND r.user_id = ${actor.userId})
    RETURNING t.draft_version, t.draft_saved_at`;
  if (saved) return { version: saved.draft_version, savedAt: saved.draft_saved_at };
  await assertNotTakenOver(actor, judgeEvalId);
  const current = await findOwn(db(), actor, judgeEvalId);
  if (current.status === "reviewed") throw new AppError("CONFLICT", "This prefill was already reviewed; the draft was not saved");
  throw new AppError(
    "CONFLICT",
    `This review's draft was changed elsewhere and is now at version ${current.draftVersion}; your version ${String(options.baseVersion)} was not saved. Load the newer draft, or keep yours to replace it.`,
    [],
    { current: { version: current.draftVersion, draft: current.draft } },
  );
}

export type SubmittedReview = { evalId: string; alreadySubmitted: boolean; changedFields: number };

/**
 * Stores the SME's review as a hybrid record and its field decisions, and
 * closes the task. A repeated submit (double click, retry) answers with the
 * same record: the task row is locked first, so only one transaction stores.
 */
export async function submitReview(options: { actor: Actor; judgeEvalId: string; draft: unknown; origin?: RequestOrigin }): Promise<SubmittedReview> {
  const { actor, judgeEvalId } = options;
  authorize(actor, "review.work");
  if (!isUuid(judgeEvalId)) throw notFound();
  return db().$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ status: string; hybrid_eval_id: string | null }[]>`
      SELECT t.status, t.hybrid_eval_id FROM review_task t
      WHERE t.judge_eval_id = ${judgeEvalId}::uuid AND t.reviewer_id = ${actor.userId}
        AND EXISTS (SELECT 1 FROM suite_rater r WHERE r.suite_id = t.suite_id AND r.user_id = ${actor.userId})
      FOR UPDATE OF t`;
    if (!locked) {
      await assertNotTakenOver(actor, judgeEvalId, tx);
      throw notFound();
    }
    if (locked.status === "reviewed") return { evalId: locked.hybrid_eval_id as string, alreadySubmitted: true, changedFields: 0 };
    if (typeof options.draft !== "object" || options.draft === null || Array.isArray(options.draft)) {
      throw new AppError("INVALID_RECORD", "The record must be a JSON object", [{ path: "", rule: "type", message: "must be a JSON object" }]);
    }
    const row = await findOwn(tx, actor, judgeEvalId);
    const judge = row.judgeRecord.body as unknown as AifRecord;
    // The item context is the judge record's: both records rate the same thing.
    const draft = { ...(options.draft as Record<string, unknown>), task: judge.task, subject: judge.subject };
    const stored = await submitHybridRecord({ actor, judgeEvalId, draft, origin: options.origin, client: tx, countedIn: { suiteId: row.suiteId, itemId: row.itemId, flow: "review" } });
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
    await tx.reviewTask.update({
      where: { judgeEvalId },
      data: { status: "reviewed", hybridEvalId: stored.evalId, reviewedAt: new Date(), draft: Prisma.DbNull },
    });
    return { evalId: stored.evalId, alreadySubmitted: false, changedFields: decisions.filter((decision) => decision.decision !== "accepted").length };
  });
}

/** Opens review tasks for judge records just stored in the caller's transaction (a prefill import's batch): one statement. */
export async function openReviewTasks(client: DbClient, tasks: { judgeEvalId: string; suiteId: string; itemId: string; prefillImportId: string }[]): Promise<void> {
  if (tasks.length === 0) return;
  await client.reviewTask.createMany({ data: tasks });
}
