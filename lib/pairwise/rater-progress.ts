// A pairwise suite's raters as its admin watches them: everyone on its list
// and everyone who has compared its pairs (a rater taken off the list, or any
// rater of a suite open to all), with what each submitted, holds now and
// skipped, and when they last submitted.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";

export type PairwiseRaterProgress = {
  userId: string;
  name: string;
  email: string;
  onList: boolean;
  submitted: number;
  held: number;
  skipped: number;
  lastSubmittedAt: Date | null;
};

export async function pairwiseRaterProgress(options: {
  actor: Actor;
  suiteId: string;
}): Promise<PairwiseRaterProgress[]> {
  authorize(options.actor, "suites.manage");
  if (!isUuid(options.suiteId)) throw new AppError("NOT_FOUND", "No pairwise suite with this id");
  const rows = await db().$queryRaw<
    {
      user_id: string;
      name: string;
      email: string;
      on_list: boolean;
      submitted: bigint;
      held: bigint;
      skipped: bigint;
      last_submitted_at: Date | null;
    }[]
  >`
    WITH people AS (
      SELECT user_id FROM pairwise_suite_rater WHERE suite_id = ${options.suiteId}::uuid
      UNION SELECT rater_id FROM pairwise_assignment WHERE suite_id = ${options.suiteId}::uuid)
    SELECT u.id AS user_id, u.name, u.email,
           EXISTS (SELECT 1 FROM pairwise_suite_rater r WHERE r.suite_id = ${options.suiteId}::uuid AND r.user_id = u.id) AS on_list,
           count(a.id) FILTER (WHERE a.status = 'submitted') AS submitted,
           count(a.id) FILTER (WHERE a.status = 'held' AND a.held_until > now()) AS held,
           count(a.id) FILTER (WHERE a.status = 'skipped') AS skipped,
           max(a.submitted_at) AS last_submitted_at
    FROM people p JOIN app_user u ON u.id = p.user_id
    LEFT JOIN pairwise_assignment a ON a.suite_id = ${options.suiteId}::uuid AND a.rater_id = u.id
    GROUP BY u.id ORDER BY lower(u.name), u.id`;
  return rows.map((row) => ({
    userId: row.user_id,
    name: row.name,
    email: row.email,
    onList: row.on_list,
    submitted: Number(row.submitted),
    held: Number(row.held),
    skipped: Number(row.skipped),
    lastSubmittedAt: row.last_submitted_at,
  }));
}
