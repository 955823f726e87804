// An SME's review of a pairwise judge verdict as a kind of work item
// (lib/work-items), and who may touch one: the SME holding it, while still
// assigned to the pairwise suite as a reviewer.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { Prisma } from "@/lib/generated/prisma/client";
import { PAIRWISE_REVIEW_TASK_STATUSES, type PairwiseReviewTaskStatus } from "@/lib/statuses";
import type { WorkItemAccess } from "@/lib/work-items/engine";
import type { WorkItemKind } from "@/lib/work-items/kind";

export const PAIR_REVIEW_TASK: WorkItemKind<PairwiseReviewTaskStatus> = {
  table: "pairwise_review_task",
  suiteTable: "pairwise_suite",
  idColumn: "judge_eval_id",
  statuses: PAIRWISE_REVIEW_TASK_STATUSES,
  workingStatus: "open",
  doneStatus: "reviewed",
  resultColumn: "hybrid_eval_id",
  doneAtColumn: "reviewed_at",
  draftClosedMessage: { reviewed: "This judge verdict was already reviewed; the draft was not saved" },
  submitClosedMessage: {},
  staleDraftMessage: (current, base) =>
    `This review's draft was changed elsewhere and is now at version ${current}; your version ${base} was not saved. Load the newer draft, or keep yours to replace it.`,
  notFoundMessage: "No pair review with this id in your queue",
};

export function pairReviewAccess(actor: Actor): WorkItemAccess {
  return Prisma.sql`w.reviewer_id = ${actor.userId}
    AND EXISTS (SELECT 1 FROM pairwise_suite_reviewer r WHERE r.suite_id = w.suite_id AND r.user_id = ${actor.userId})`;
}
