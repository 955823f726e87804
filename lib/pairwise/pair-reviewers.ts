// Who reviews a pairwise suite's judge verdicts: the admin names its SMEs
// (the whole list at once, audited); an SME sees their pairwise suites with
// the reviews left. The same rule as item suites' review: every stored judge
// verdict opens a task any of the suite's SMEs may claim.
import "server-only";
import type { RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { parseInput } from "@/lib/input";
import { getPairwiseSuite } from "./suites";
import { changePairwiseSuite } from "./suite-settings";
import { PairwiseReviewersInput } from "./validation";

/** The suite's SMEs (user ids, sorted). */
export async function pairwiseSuiteReviewers(options: { actor: Actor; suiteId: string }): Promise<string[]> {
  const suite = await getPairwiseSuite(options);
  const rows = await db().pairwiseSuiteReviewer.findMany({ where: { suiteId: suite.id }, select: { userId: true } });
  return rows.map((row) => row.userId).sort();
}

/**
 * Replaces the suite's SMEs: a change of the suite's settings
 * (./suite-settings.ts), audited with before and after. Each new one must be
 * an active user with the SME role. A removed SME's live holds are released,
 * so the verdicts go to another SME of the suite at once; their reviews stay.
 */
export async function setPairwiseSuiteReviewers(options: {
  actor: Actor;
  suiteId: string;
  input: unknown;
  origin?: RequestOrigin;
}): Promise<string[]> {
  authorize(options.actor, "suites.manage");
  const input = parseInput(PairwiseReviewersInput, options.input, "The reviewers are not valid");
  const settings = await changePairwiseSuite({ ...options, input: { reviewer_ids: input.reviewer_ids } });
  return settings.reviewerIds;
}

export type PairReviewQueue = { suiteId: string; key: string; name: string; open: number; reviewedByMe: number };

/** The pairwise suites the SME reviews (archived ones are out), newest first, with the verdicts they could take now and those they reviewed. */
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
    WHERE s.archived_at IS NULL
    GROUP BY s.id ORDER BY s.created_at DESC`;
  return rows.map((row) => ({
    suiteId: row.suite_id,
    key: row.key,
    name: row.name,
    open: Number(row.open),
    reviewedByMe: Number(row.reviewed_by_me),
  }));
}
