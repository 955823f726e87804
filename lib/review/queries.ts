// The SME review queue's SQL with typed rows (counts as numbers): the queue
// overview, claiming a task, and telling a taken-over hold from a missing one.
// The draft and submit statements are the work-item engine's (lib/work-items).
import "server-only";
import type { DbClient } from "@/lib/db";

export type ReviewQueueRow = { suiteId: string; name: string; key: string; open: number; reviewedByMe: number };

/** The suites the SME is assigned to (archived ones are out), newest first, with the tasks they could take now and those they reviewed. */
export async function selectReviewQueues(client: DbClient, userId: string): Promise<ReviewQueueRow[]> {
  const rows = await client.$queryRaw<
    { suite_id: string; name: string; key: string; open: bigint; reviewed_by_me: bigint }[]
  >`
    SELECT s.id AS suite_id, s.name, s.key,
           count(t.judge_eval_id) FILTER (WHERE t.status = 'open'
             AND (t.reviewer_id IS NULL OR t.held_until <= now() OR t.reviewer_id = ${userId})) AS open,
           count(t.judge_eval_id) FILTER (WHERE t.status = 'reviewed' AND t.reviewer_id = ${userId}) AS reviewed_by_me
    FROM suite s JOIN suite_rater r ON r.suite_id = s.id AND r.user_id = ${userId}
    LEFT JOIN review_task t ON t.suite_id = s.id
    WHERE s.archived_at IS NULL
    GROUP BY s.id ORDER BY s.created_at DESC`;
  return rows.map((row) => ({
    suiteId: row.suite_id,
    name: row.name,
    key: row.key,
    open: Number(row.open),
    reviewedByMe: Number(row.reviewed_by_me),
  }));
}

/** The suite's hold time, if the SME is assigned to it and it is not archived. */
export async function selectReviewerSuiteHold(
  client: DbClient,
  userId: string,
  suiteId: string,
): Promise<number | undefined> {
  const [suite] = await client.$queryRaw<{ hold_seconds: number }[]>`
    SELECT s.hold_seconds FROM suite s JOIN suite_rater r ON r.suite_id = s.id AND r.user_id = ${userId}
    WHERE s.id = ${suiteId}::uuid AND s.archived_at IS NULL`;
  return suite?.hold_seconds;
}

/** The SME's oldest task of the suite they still hold, locked. */
export async function lockOwnLiveTask(client: DbClient, userId: string, suiteId: string): Promise<string | undefined> {
  const [held] = await client.$queryRaw<{ judge_eval_id: string }[]>`
    SELECT judge_eval_id FROM review_task
    WHERE suite_id = ${suiteId}::uuid AND status = 'open' AND reviewer_id = ${userId} AND held_until > now()
    ORDER BY created_at, judge_eval_id LIMIT 1 FOR UPDATE`;
  return held?.judge_eval_id;
}

/**
 * Gives the SME the oldest open task nobody holds (or whose hold ran out).
 * Taking over another SME's expired hold starts from the judge's values again
 * and bumps the version, so the former holder's autosave gets a conflict.
 */
export async function claimOpenTask(
  client: DbClient,
  userId: string,
  suiteId: string,
  holdSeconds: number,
): Promise<string | undefined> {
  const [claimed] = await client.$queryRaw<{ judge_eval_id: string }[]>`
    UPDATE review_task t SET reviewer_id = ${userId}, held_until = now() + make_interval(secs => ${holdSeconds}),
           draft = CASE WHEN t.reviewer_id = ${userId} THEN t.draft END,
           draft_version = t.draft_version + 1,
           -- Time on item is the present holder's: a takeover starts it from zero.
           claimed_at = CASE WHEN t.reviewer_id = ${userId} THEN coalesce(t.claimed_at, now()) ELSE now() END,
           active_ms = CASE WHEN t.reviewer_id = ${userId} THEN t.active_ms ELSE 0 END, active_counted_at = now()
    WHERE t.judge_eval_id = (
      SELECT judge_eval_id FROM review_task
      WHERE suite_id = ${suiteId}::uuid AND status = 'open' AND (reviewer_id IS NULL OR held_until <= now() OR reviewer_id = ${userId})
      ORDER BY created_at, judge_eval_id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING t.judge_eval_id`;
  return claimed?.judge_eval_id;
}

/** True when the task is in one of the SME's suites but held by somebody else (their hold was taken over). */
export async function isHeldByAnother(client: DbClient, userId: string, judgeEvalId: string): Promise<boolean> {
  const [task] = await client.$queryRaw<{ reviewer_id: string | null }[]>`
    SELECT t.reviewer_id FROM review_task t
    WHERE t.judge_eval_id = ${judgeEvalId}::uuid AND t.reviewer_id IS DISTINCT FROM ${userId}
      AND EXISTS (SELECT 1 FROM suite_rater r WHERE r.suite_id = t.suite_id AND r.user_id = ${userId})`;
  return task !== undefined;
}

/** The suite's review tasks still open and those reviewed. */
export async function countReviewTasks(client: DbClient, suiteId: string): Promise<{ open: number; reviewed: number }> {
  const [counts] = await client.$queryRaw<{ open: bigint; reviewed: bigint }[]>`
    SELECT count(*) FILTER (WHERE status = 'open') AS open, count(*) FILTER (WHERE status = 'reviewed') AS reviewed
    FROM review_task WHERE suite_id = ${suiteId}::uuid`;
  return { open: Number(counts?.open ?? 0), reviewed: Number(counts?.reviewed ?? 0) };
}

/** Per field path of the suite's reviews: how often the judge's value was accepted, edited or added to. */
export async function countFieldDecisions(
  client: DbClient,
  suiteId: string,
): Promise<{ path: string; accepted: number; edited: number; added: number }[]> {
  const rows = await client.$queryRaw<{ path: string; accepted: bigint; edited: bigint; added: bigint }[]>`
    SELECT d.path,
           count(*) FILTER (WHERE d.decision = 'accepted') AS accepted,
           count(*) FILTER (WHERE d.decision = 'edited') AS edited,
           count(*) FILTER (WHERE d.decision = 'added') AS added
    FROM review_decision d JOIN review_task t ON t.hybrid_eval_id = d.hybrid_eval_id
    WHERE t.suite_id = ${suiteId}::uuid GROUP BY d.path ORDER BY d.path`;
  return rows.map((row) => ({
    path: row.path,
    accepted: Number(row.accepted),
    edited: Number(row.edited),
    added: Number(row.added),
  }));
}

/** Per Likert dimension: scores reviewed, changed, and the mean absolute change (an accepted score counts as 0). */
export async function selectLikertChanges(
  client: DbClient,
  suiteId: string,
): Promise<{ dimension: string; reviewed: number; changed: number; meanAbsoluteChange: number }[]> {
  const rows = await client.$queryRaw<{ dimension: string; reviewed: bigint; changed: bigint; mean_abs: number }[]>`
    SELECT left(d.path, -length('/score')) AS dimension, count(*) AS reviewed,
           count(*) FILTER (WHERE d.decision <> 'accepted') AS changed,
           avg(abs((d.final_value #>> '{}')::numeric - (d.judge_value #>> '{}')::numeric))::float8 AS mean_abs
    FROM review_decision d JOIN review_task t ON t.hybrid_eval_id = d.hybrid_eval_id
    WHERE t.suite_id = ${suiteId}::uuid AND d.path LIKE '%/score'
      AND jsonb_typeof(d.judge_value) = 'number' AND jsonb_typeof(d.final_value) = 'number'
    GROUP BY 1 ORDER BY 1`;
  return rows.map((row) => ({
    dimension: row.dimension,
    reviewed: Number(row.reviewed),
    changed: Number(row.changed),
    meanAbsoluteChange: Number(row.mean_abs),
  }));
}

/** Per hazard: verdicts the judge missed (SME says violating, judge did not) and over-called (the reverse). */
export async function countHazardDisagreements(
  client: DbClient,
  suiteId: string,
): Promise<{ hazard: string; missed: number; overCalled: number }[]> {
  const rows = await client.$queryRaw<{ hazard: string; missed: bigint; over_called: bigint }[]>`
    SELECT split_part(d.path, '/', 3) AS hazard,
           count(*) FILTER (WHERE d.final_value #>> '{}' = 'violating' AND d.judge_value #>> '{}' IS DISTINCT FROM 'violating') AS missed,
           count(*) FILTER (WHERE d.judge_value #>> '{}' = 'violating' AND d.final_value #>> '{}' IS DISTINCT FROM 'violating') AS over_called
    FROM review_decision d JOIN review_task t ON t.hybrid_eval_id = d.hybrid_eval_id
    WHERE t.suite_id = ${suiteId}::uuid AND d.path LIKE '/safety/%/verdict'
    GROUP BY 1 ORDER BY 1`;
  return rows.map((row) => ({ hazard: row.hazard, missed: Number(row.missed), overCalled: Number(row.over_called) }));
}
