// Who reviews a pairwise suite's judge verdicts: the admin names its SMEs
// (the whole list at once, audited); an SME sees their pairwise suites with
// the reviews left. The same rule as item suites' review: every stored judge
// verdict opens a task any of the suite's SMEs may claim.
import "server-only";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/input";
import { getPairwiseSuite } from "./suites";
import { PairwiseReviewersInput } from "./validation";

/** The suite's SMEs (user ids, sorted). */
export async function pairwiseSuiteReviewers(options: { actor: Actor; suiteId: string }): Promise<string[]> {
  const suite = await getPairwiseSuite(options);
  const rows = await db().pairwiseSuiteReviewer.findMany({ where: { suiteId: suite.id }, select: { userId: true } });
  return rows.map((row) => row.userId).sort();
}

/**
 * Replaces the suite's SMEs. Each new one must be an active user with the SME role. A
 * removed SME's tasks stay as they are: their access (lib/pairwise/pair-review-kind.ts)
 * ends with the assignment, and a hold that runs out goes to another SME.
 */
export async function setPairwiseSuiteReviewers(options: {
  actor: Actor;
  suiteId: string;
  input: unknown;
  origin?: RequestOrigin;
}): Promise<string[]> {
  const { actor } = options;
  authorize(actor, "suites.manage");
  const input = parseInput(PairwiseReviewersInput, options.input, "The reviewers are not valid");
  const suite = await getPairwiseSuite({ actor, suiteId: options.suiteId });
  const ids = [...new Set(input.reviewer_ids)];
  await db().$transaction(async (tx) => {
    const smes = await tx.user.findMany({
      where: { id: { in: ids }, disabledAt: null, roles: { has: "sme" } },
      select: { id: true },
    });
    // A current SME disabled since may stay (keeping them is no change); a new one must be active.
    const current = await tx.pairwiseSuiteReviewer.findMany({ where: { suiteId: suite.id }, select: { userId: true } });
    const found = new Set([...smes.map((user) => user.id), ...current.map((row) => row.userId)]);
    const unknown = ids.filter((id) => !found.has(id));
    if (unknown.length > 0)
      throw new AppError(
        "INVALID_INPUT",
        "The reviewers are not valid",
        unknown.map((id) => ({ path: "/reviewer_ids", rule: "smeExists", message: `no active SME has id ${id}` })),
      );
    await tx.pairwiseSuiteReviewer.deleteMany({ where: { suiteId: suite.id, userId: { notIn: ids } } });
    await tx.pairwiseSuiteReviewer.createMany({
      data: ids.map((userId) => ({ suiteId: suite.id, userId })),
      skipDuplicates: true,
    });
    await recordAuditEvent({
      action: "pairwise_suite.reviewers_set",
      actorId: actor.userId,
      subject: suite.id,
      origin: options.origin,
      client: tx,
      details: { reviewer_ids: ids },
    });
  });
  return ids.sort();
}

export type PairReviewQueue = { suiteId: string; key: string; name: string; open: number; reviewedByMe: number };

/** The pairwise suites the SME reviews, newest first, with the verdicts they could take now and those they reviewed. */
export async function pairReviewQueues(options: { actor: Actor }): Promise<PairReviewQueue[]> {
  authorize(options.actor, "review.work");
  const userId = options.actor.userId;
  const rows = await db().$queryRaw<
    { suite_id: string; key: string; name: string; open: bigint; reviewed_by_me: bigint }[]
  >`
    SELECT s.id::text AS suite_id, s.key, s.name,
           count(t.judge_eval_id) FILTER (WHERE t.status = 'open'
             AND (t.reviewer_id IS NULL OR t.held_until <= now() OR t.reviewer_id = ${userId})) AS open,
           count(t.judge_eval_id) FILTER (WHERE t.status = 'reviewed' AND t.reviewer_id = ${userId}) AS reviewed_by_me
    FROM pairwise_suite s JOIN pairwise_suite_reviewer r ON r.suite_id = s.id AND r.user_id = ${userId}
    LEFT JOIN pairwise_review_task t ON t.suite_id = s.id
    GROUP BY s.id ORDER BY s.created_at DESC`;
  return rows.map((row) => ({
    suiteId: row.suite_id,
    key: row.key,
    name: row.name,
    open: Number(row.open),
    reviewedByMe: Number(row.reviewed_by_me),
  }));
}
