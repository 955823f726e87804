// Who may compare a pairwise suite's pairs, as SQL for the queries' `where`:
// anyone with the queue role when the suite is open to all raters (the suites
// made before rater lists), else the raters on its list. The queue, the claim,
// the pair page, its drafts and its submit all read this one condition.
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

/** The user may compare the pairs of the pairwise suite aliased `s`. */
export function mayComparePairsSql(userId: string): Prisma.Sql {
  return Prisma.sql`(s.open_to_all_raters
    OR EXISTS (SELECT 1 FROM pairwise_suite_rater pr WHERE pr.suite_id = s.id AND pr.user_id = ${userId}))`;
}

/** The same for the suite of a work item aliased `w` (a pair assignment). */
export function mayCompareSuiteOfSql(userId: string): Prisma.Sql {
  return Prisma.sql`EXISTS (SELECT 1 FROM pairwise_suite s WHERE s.id = w.suite_id AND ${mayComparePairsSql(userId)})`;
}

export const PAIRWISE_SUITE_PAUSED_MESSAGE =
  "This pairwise suite is paused by an admin: no pairs are handed out until it is resumed. A pair you hold can still be submitted.";
