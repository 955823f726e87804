// The rater's side of pairwise suites on "My queue": the pairwise suites they
// may compare (on the suite's rater list, or open to all; archived ones are
// out) with pairs for them, their progress, the pair they hold, and whether
// the suite is paused.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { mayComparePairsSql } from "./suite-access";

export type RaterPairwiseSuite = {
  id: string;
  key: string;
  name: string;
  mySubmitted: number;
  /** Pairs the rater has not had with a slot free (fewer than overlap k submitted or held). */
  availableToMe: number;
  myHeldAssignmentId: string | null;
  /** The suite hands out no pairs now (the queue says so). */
  paused: boolean;
};

export async function pairwiseSuitesForRater(options: { actor: Actor }): Promise<RaterPairwiseSuite[]> {
  authorize(options.actor, "queue.work");
  const userId = options.actor.userId;
  const rows = await db().$queryRaw<
    {
      id: string;
      key: string;
      name: string;
      my_submitted: bigint;
      available: bigint;
      held_id: string | null;
      paused: boolean;
    }[]
  >`
    SELECT s.id::text, s.key, s.name, s.paused_at IS NOT NULL AS paused,
           (SELECT count(*) FROM pairwise_assignment a WHERE a.suite_id = s.id AND a.rater_id = ${userId} AND a.status = 'submitted') AS my_submitted,
           (SELECT count(*) FROM pairwise_pair p WHERE p.suite_id = s.id
              AND NOT EXISTS (SELECT 1 FROM pairwise_assignment mine WHERE mine.pair_id = p.id AND mine.rater_id = ${userId})
              AND (SELECT count(*) FROM pairwise_assignment a
                   WHERE a.pair_id = p.id AND (a.status = 'submitted' OR a.held_until > now())) < s.overlap_k) AS available,
           (SELECT a.id::text FROM pairwise_assignment a WHERE a.suite_id = s.id AND a.rater_id = ${userId} AND a.status = 'held'
              ORDER BY a.created_at LIMIT 1) AS held_id
    FROM pairwise_suite s
    WHERE s.archived_at IS NULL AND ${mayComparePairsSql(userId)}
    ORDER BY s.created_at DESC`;
  return rows
    .map((row) => ({
      id: row.id,
      key: row.key,
      name: row.name,
      mySubmitted: Number(row.my_submitted),
      availableToMe: Number(row.available),
      myHeldAssignmentId: row.held_id,
      paused: row.paused,
    }))
    .filter((suite) => suite.availableToMe > 0 || suite.myHeldAssignmentId !== null || suite.mySubmitted > 0);
}
