// A rater's pair assignment as a kind of work item (lib/work-items), and who
// may touch one: the rater who claimed it, while they may still compare the
// suite's pairs (a rater removed from the list can no longer save or submit).
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { PAIRWISE_ASSIGNMENT_STATUSES, type PairwiseAssignmentStatus } from "@/lib/statuses";
import type { WorkItemAccess } from "@/lib/work-items/engine";
import type { WorkItemKind } from "@/lib/work-items/kind";
import { mayCompareSuiteOfSql } from "./suite-access";

export const PAIR_ASSIGNMENT: WorkItemKind<PairwiseAssignmentStatus> = {
  table: "pairwise_assignment",
  suiteTable: "pairwise_suite",
  idColumn: "id",
  statuses: PAIRWISE_ASSIGNMENT_STATUSES,
  workingStatus: "held",
  doneStatus: "submitted",
  resultColumn: "left_eval_id",
  doneAtColumn: "submitted_at",
  draftClosedMessage: {
    submitted: "This pair was already submitted; the draft was not saved",
    skipped: "You skipped this pair; the draft was not saved",
  },
  submitClosedMessage: { skipped: "You skipped this pair; it cannot be submitted" },
  staleDraftMessage: (current, base) =>
    `This draft was changed elsewhere (another tab or device) and is now at version ${current}; your version ${base} was not saved.`,
  notFoundMessage: "No pair assignment with this id in your queue",
};

export function pairAssignmentAccess(raterId: string): WorkItemAccess {
  return Prisma.sql`w.rater_id = ${raterId} AND ${mayCompareSuiteOfSql(raterId)}`;
}
