// A rater's assignment as a kind of work item (lib/work-items), and who may
// touch one: the rater it is keyed to, through the share link it was taken on.
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { ASSIGNMENT_STATUSES, type AssignmentStatus } from "@/lib/statuses";
import type { WorkItemAccess } from "@/lib/work-items/engine";
import type { WorkItemKind } from "@/lib/work-items/kind";
import type { QueueRater } from "./queue-rater";

export const ASSIGNMENT: WorkItemKind<AssignmentStatus> = {
  table: "assignment",
  idColumn: "id",
  statuses: ASSIGNMENT_STATUSES,
  workingStatus: "held",
  doneStatus: "submitted",
  resultColumn: "eval_id",
  doneAtColumn: "submitted_at",
  draftClosedMessage: {
    submitted: "This item was already submitted; the draft was not saved",
    skipped: "You skipped this item; the draft was not saved",
  },
  submitClosedMessage: { skipped: "You skipped this item; it cannot be submitted" },
  staleDraftMessage: (current, base) =>
    `This draft was changed elsewhere (another tab or device) and is now at version ${current}; your version ${base} was not saved. Load the newer draft, or keep yours to replace it.`,
  notFoundMessage: "No assignment with this id in your queue",
};

// A visitor's work belongs to the link it was taken through: another open
// link of the same suite does not reach it, and a revoked link stops it. A
// rater removed from the suite can no longer save or submit its work.
export const linkOf = (rater: QueueRater) => (rater.kind === "visitor" ? rater.shareLinkId : null);

export function assignmentAccess(rater: QueueRater): WorkItemAccess {
  return Prisma.sql`w.rater_key = ${rater.raterKey} AND w.share_link_id IS NOT DISTINCT FROM ${linkOf(rater)}::uuid
    AND NOT EXISTS (SELECT 1 FROM share_link l WHERE l.id = w.share_link_id AND l.revoked_at IS NOT NULL)
    AND (w.share_link_id IS NOT NULL OR EXISTS (SELECT 1 FROM suite_rater sr WHERE sr.suite_id = w.suite_id AND sr.user_id = w.rater_key))`;
}
