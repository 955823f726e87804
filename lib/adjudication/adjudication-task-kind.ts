// An adjudication as a kind of work item (lib/work-items), and who may touch
// one: the adjudicator holding it, while they may still adjudicate the suite
// (an admin, or an SME assigned to it).
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { Prisma } from "@/lib/generated/prisma/client";
import { ADJUDICATION_TASK_STATUSES, type AdjudicationTaskStatus } from "@/lib/statuses";
import type { WorkItemAccess } from "@/lib/work-items/engine";
import type { WorkItemKind } from "@/lib/work-items/kind";

export const ADJUDICATION_TASK: WorkItemKind<AdjudicationTaskStatus> = {
  table: "adjudication_task",
  idColumn: "id",
  statuses: ADJUDICATION_TASK_STATUSES,
  workingStatus: "open",
  doneStatus: "adjudicated",
  resultColumn: "authoritative_eval_id",
  doneAtColumn: "adjudicated_at",
  draftClosedMessage: { adjudicated: "This item was already adjudicated; the draft was not saved" },
  submitClosedMessage: {},
  staleDraftMessage: (current, base) =>
    `This adjudication's draft was changed elsewhere and is now at version ${current}; your version ${base} was not saved. Load the newer draft, or keep yours to replace it.`,
  notFoundMessage: "No adjudication with this id in your queue",
};

/** The suites an actor may adjudicate, as an SQL condition on a suite id expression. */
export function mayAdjudicateSuite(actor: Actor, suiteId: Prisma.Sql): Prisma.Sql {
  if (actor.roles.includes("admin")) return Prisma.sql`TRUE`;
  return Prisma.sql`EXISTS (SELECT 1 FROM suite_rater r WHERE r.suite_id = ${suiteId} AND r.user_id = ${actor.userId})`;
}

export function adjudicationAccess(actor: Actor): WorkItemAccess {
  return Prisma.sql`w.adjudicator_id = ${actor.userId} AND ${mayAdjudicateSuite(actor, Prisma.sql`w.suite_id`)}`;
}
