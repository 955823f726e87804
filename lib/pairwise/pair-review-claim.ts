// The pairwise review queue's writes before the SME's submit: a judge run
// opens a task per stored verdict, and "next" holds one for an SME of the
// suite — their own held one first, else the oldest nobody holds (or whose
// hold ran out), first come first served as in the item review queue.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db, type DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { holdWorkItem } from "@/lib/work-items/engine";
import { PAIR_REVIEW_TASK } from "./pair-review-kind";
import { drawShownLeft } from "./shown-side";
import { PAIRWISE_SUITE_PAUSED_MESSAGE } from "./suite-access";

/**
 * A task per judge verdict, keyed by the judge's record of the pair's first
 * system (its opponent is the sidecar's): one verdict is reviewed once, and a
 * later run's verdict on the same pair is a task of its own. Called by the
 * judge run inside the transaction that stores the verdict.
 */
export async function openPairReviewTasks(options: {
  client: DbClient;
  tasks: { judgeEvalId: string; suiteId: string; pairId: string; judgeRunId: string }[];
}): Promise<void> {
  if (options.tasks.length === 0) return;
  await options.client.pairwiseReviewTask.createMany({ data: options.tasks });
}

const suiteNotFound = () => new AppError("NOT_FOUND", "No pairwise suite with this id in your review queues");

/** Holds the SME's next judge verdict of the suite to review; null when none is left. */
export async function nextPairReview(options: { actor: Actor; suiteId: string }): Promise<string | null> {
  const { actor, suiteId } = options;
  authorize(actor, "review.work");
  if (!isUuid(suiteId)) throw suiteNotFound();
  const userId = actor.userId;
  return db().$transaction(async (tx) => {
    // An archived suite is out of every queue; a paused one hands out nothing, as its raters' queue does.
    const [suite] = await tx.$queryRaw<{ hold_seconds: number; paused: boolean }[]>`
      SELECT s.hold_seconds, s.paused_at IS NOT NULL AS paused FROM pairwise_suite s
      JOIN pairwise_suite_reviewer r ON r.suite_id = s.id AND r.user_id = ${userId}
      WHERE s.id = ${suiteId}::uuid AND s.archived_at IS NULL`;
    if (!suite) throw suiteNotFound();
    if (suite.paused) throw new AppError("CONFLICT", PAIRWISE_SUITE_PAUSED_MESSAGE);
    const [held] = await tx.$queryRaw<{ judge_eval_id: string }[]>`
      SELECT judge_eval_id::text FROM pairwise_review_task
      WHERE suite_id = ${suiteId}::uuid AND status = 'open' AND reviewer_id = ${userId} AND held_until > now()
      ORDER BY created_at, judge_eval_id LIMIT 1 FOR UPDATE`;
    if (held) {
      await holdWorkItem(tx, PAIR_REVIEW_TASK, { id: held.judge_eval_id, holdSeconds: suite.hold_seconds });
      return held.judge_eval_id;
    }
    // Taking over another SME's expired hold starts from the judge's values again and bumps the version, so
    // the former holder's autosave gets a conflict; the position shown stays the task's.
    const [claimed] = await tx.$queryRaw<{ judge_eval_id: string }[]>`
      UPDATE pairwise_review_task t
      SET reviewer_id = ${userId}, held_until = now() + make_interval(secs => ${suite.hold_seconds}),
          first_shown_left = coalesce(t.first_shown_left, ${drawShownLeft()}),
          draft = CASE WHEN t.reviewer_id = ${userId} THEN t.draft END,
          draft_version = t.draft_version + 1,
          -- Time on item is the present holder's: a takeover starts it from zero.
          claimed_at = CASE WHEN t.reviewer_id = ${userId} THEN coalesce(t.claimed_at, now()) ELSE now() END,
          active_ms = CASE WHEN t.reviewer_id = ${userId} THEN t.active_ms ELSE 0 END, active_counted_at = now()
      WHERE t.judge_eval_id = (
        SELECT judge_eval_id FROM pairwise_review_task
        WHERE suite_id = ${suiteId}::uuid AND status = 'open'
          AND (reviewer_id IS NULL OR held_until <= now() OR reviewer_id = ${userId})
        ORDER BY created_at, judge_eval_id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING t.judge_eval_id::text`;
    return claimed?.judge_eval_id ?? null;
  });
}

/**
 * A hold that ran out and went to another SME of the suite is a conflict, not
 * a missing task: the former holder is told why their draft or submit was not
 * taken (as in the item review queue).
 */
export async function assertPairReviewNotTakenOver(client: DbClient, actor: Actor, judgeEvalId: string): Promise<void> {
  const [task] = await client.$queryRaw<{ reviewer_id: string | null }[]>`
    SELECT t.reviewer_id FROM pairwise_review_task t
    WHERE t.judge_eval_id = ${judgeEvalId}::uuid AND t.reviewer_id IS DISTINCT FROM ${actor.userId}
      AND EXISTS (SELECT 1 FROM pairwise_suite_reviewer r WHERE r.suite_id = t.suite_id AND r.user_id = ${actor.userId})`;
  if (task)
    throw new AppError(
      "CONFLICT",
      "Your hold on this comparison ran out and another SME took it over; your review was not saved. Open the next one.",
    );
}
