// An SME's review task as a kind of work item (lib/work-items), and who may
// touch one: the SME holding it, while still assigned to its suite.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { Prisma } from "@/lib/generated/prisma/client";
import { REVIEW_TASK_STATUSES, type ReviewTaskStatus } from "@/lib/statuses";
import type { WorkItemAccess } from "@/lib/work-items/engine";
import type { WorkItemKind } from "@/lib/work-items/kind";

export const REVIEW_TASK: WorkItemKind<ReviewTaskStatus> = {
  table: "review_task",
  idColumn: "judge_eval_id",
  statuses: REVIEW_TASK_STATUSES,
  workingStatus: "open",
  doneStatus: "reviewed",
  resultColumn: "hybrid_eval_id",
  doneAtColumn: "reviewed_at",
  draftClosedMessage: { reviewed: "This prefill was already reviewed; the draft was not saved" },
  submitClosedMessage: {},
  staleDraftMessage: (current, base) =>
    `This review's draft was changed elsewhere and is now at version ${current}; your version ${base} was not saved. Load the newer draft, or keep yours to replace it.`,
  notFoundMessage: "No review with this id in your queue",
};

export function reviewAccess(actor: Actor): WorkItemAccess {
  return Prisma.sql`w.reviewer_id = ${actor.userId}
    AND EXISTS (SELECT 1 FROM suite_rater r WHERE r.suite_id = w.suite_id AND r.user_id = ${actor.userId})`;
}
