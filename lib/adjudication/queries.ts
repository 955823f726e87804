// The adjudication queue's SQL: keeping the open tasks in step with the
// suite's verdicts, listing the queue in order, and claiming the worst
// disagreement the adjudicator did not rate. Drafts and submits are the
// work-item engine's (lib/work-items).
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import type { DbClient } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { mayAdjudicateSuite } from "./adjudication-task-kind";
import type { SuiteItemVerdict } from "./suite-verdicts";

/**
 * Opens a task for each item that needs adjudication and has none open (an
 * item already decided is re-opened on request, or when a source of its
 * decision was corrected: then the next decision derives from that one), refreshes the order of
 * the open ones from the current ratings, and closes (deletes) the open tasks
 * of items that no longer need adjudication — a new rating settled them, or
 * the rule changed — unless someone holds one now (their hold is left to run
 * out; the next sync closes it) or it is a re-adjudication asked for.
 */
export async function syncOpenTasks(
  client: DbClient,
  suiteId: string,
  verdicts: readonly SuiteItemVerdict[],
): Promise<void> {
  const waiting = verdicts.filter((verdict) => verdict.status === "needs_adjudication");
  if (waiting.length > 0) {
    await client.$executeRaw`
      INSERT INTO adjudication_task (suite_id, item_id, spread, reasons_count, previous_eval_id)
      SELECT ${suiteId}::uuid, v.item_id, v.spread, v.reasons_count, v.previous_eval_id
      FROM unnest(${waiting.map((verdict) => verdict.itemId)}::uuid[], ${waiting.map((verdict) => verdict.spread)}::float8[], ${waiting.map((verdict) => verdict.reasons.length)}::int[],
                  ${waiting.map((verdict) => verdict.latestDecision)}::uuid[])
           AS v(item_id, spread, reasons_count, previous_eval_id)
      ON CONFLICT (suite_id, item_id) WHERE status = 'open' DO UPDATE SET spread = excluded.spread, reasons_count = excluded.reasons_count`;
  }
  await client.$executeRaw`
    DELETE FROM adjudication_task t
    WHERE t.suite_id = ${suiteId}::uuid AND t.status = 'open' AND t.previous_eval_id IS NULL
      AND (t.held_until IS NULL OR t.held_until <= now())
      AND t.item_id <> ALL (${waiting.map((verdict) => verdict.itemId)}::uuid[])`;
}

/**
 * When the open tasks were last brought in step, per suite, in this process:
 * the verdicts' state and how many holds were live (a hold running out lets
 * a stale task be closed). Nothing else changes the result of a sync.
 */
const synced = new Map<string, string>();

/** syncOpenTasks, unless nothing it depends on changed since this process last ran it. */
export async function syncOpenTasksIfChanged(
  client: DbClient,
  suiteId: string,
  current: { state: string; verdicts: readonly SuiteItemVerdict[] },
): Promise<void> {
  const [holds] = await client.$queryRaw<{ live: bigint; tasks: bigint }[]>`
    SELECT count(*) FILTER (WHERE held_until > now()) AS live, count(*) AS tasks
    FROM adjudication_task WHERE suite_id = ${suiteId}::uuid AND status = 'open'`;
  const key = `${current.state}|${Number(holds?.live ?? 0)}|${Number(holds?.tasks ?? 0)}`;
  if (synced.get(suiteId) === key) return;
  await syncOpenTasks(client, suiteId, current.verdicts);
  const [after] = await client.$queryRaw<{ live: bigint; tasks: bigint }[]>`
    SELECT count(*) FILTER (WHERE held_until > now()) AS live, count(*) AS tasks
    FROM adjudication_task WHERE suite_id = ${suiteId}::uuid AND status = 'open'`;
  synced.delete(suiteId);
  synced.set(suiteId, `${current.state}|${Number(after?.live ?? 0)}|${Number(after?.tasks ?? 0)}`);
  if (synced.size > 100) synced.delete(synced.keys().next().value!);
}

export type QueueRow = {
  id: string;
  itemId: string;
  taskId: string;
  spread: number;
  reasonsCount: number;
  heldByMe: boolean;
  heldByOther: boolean;
  ratedByMe: boolean;
  reAdjudication: boolean;
};

const QUEUE_ORDER = "t.spread DESC, t.reasons_count DESC, t.created_at, t.id";

/** The suite's open tasks, worst disagreement first (spread, then number of reasons). */
export async function selectOpenTasks(client: DbClient, suiteId: string, userId: string): Promise<QueueRow[]> {
  const rows = await client.$queryRawUnsafe<
    {
      id: string;
      item_id: string;
      task_id: string;
      spread: number;
      reasons_count: number;
      held_by_me: boolean;
      held_by_other: boolean;
      rated_by_me: boolean;
      previous: boolean;
    }[]
  >(
    `SELECT t.id, t.item_id, i.task_id, t.spread, t.reasons_count,
            (t.adjudicator_id = $2 AND t.held_until > now()) AS held_by_me,
            (t.adjudicator_id <> $2 AND t.held_until > now()) AS held_by_other,
            ${ratedBy("t", "$2")} AS rated_by_me, t.previous_eval_id IS NOT NULL AS previous
     FROM adjudication_task t JOIN item i ON i.id = t.item_id
     WHERE t.suite_id = $1::uuid AND t.status = 'open' ORDER BY ${QUEUE_ORDER}`,
    suiteId,
    userId,
  );
  return rows.map((row) => ({
    id: row.id,
    itemId: row.item_id,
    taskId: row.task_id,
    spread: row.spread,
    reasonsCount: row.reasons_count,
    heldByMe: row.held_by_me,
    heldByOther: row.held_by_other,
    ratedByMe: row.rated_by_me,
    reAdjudication: row.previous,
  }));
}

/**
 * Whether user `user` (an SQL parameter) rated the task's item: submitted one of the ratings the suite counts.
 * A judge's record is stored under the admin who imported or ran it, but the judge rated, not the admin.
 */
function ratedBy(alias: string, user: string): string {
  return `EXISTS (SELECT 1 FROM suite_rating sr JOIN eval_record r ON r.eval_id = sr.eval_id
            WHERE sr.suite_id = ${alias}.suite_id AND sr.item_id = ${alias}.item_id AND r.submitted_by_id = ${user}
              AND r.rater_type <> 'llm_judge')`;
}

/** The adjudicator's open task of the suite they still hold, locked. */
export async function lockOwnLiveTask(client: DbClient, userId: string, suiteId: string): Promise<string | undefined> {
  const [held] = await client.$queryRaw<{ id: string }[]>`
    SELECT id FROM adjudication_task
    WHERE suite_id = ${suiteId}::uuid AND status = 'open' AND adjudicator_id = ${userId} AND held_until > now()
    ORDER BY spread DESC, reasons_count DESC, created_at, id LIMIT 1 FOR UPDATE`;
  return held?.id;
}

/**
 * Gives the adjudicator the worst open task nobody holds (or whose hold ran
 * out) among items they did not rate. Taking over another's expired hold
 * starts from the consensus again and bumps the version, so the former
 * holder's autosave gets a conflict.
 */
export async function claimOpenTask(
  client: DbClient,
  userId: string,
  suiteId: string,
  holdSeconds: number,
): Promise<string | undefined> {
  const [claimed] = await client.$queryRawUnsafe<{ id: string }[]>(
    `UPDATE adjudication_task w SET adjudicator_id = $2, held_until = now() + make_interval(secs => $3),
            draft = CASE WHEN w.adjudicator_id = $2 THEN w.draft END, draft_version = w.draft_version + 1,
            -- Time on item is the present holder's: a takeover starts it from zero.
            claimed_at = CASE WHEN w.adjudicator_id = $2 THEN coalesce(w.claimed_at, now()) ELSE now() END,
            active_ms = CASE WHEN w.adjudicator_id = $2 THEN w.active_ms ELSE 0 END, active_counted_at = now()
     WHERE w.id = (
       SELECT t.id FROM adjudication_task t
       WHERE t.suite_id = $1::uuid AND t.status = 'open' AND (t.adjudicator_id IS NULL OR t.held_until <= now() OR t.adjudicator_id = $2)
         AND NOT ${ratedBy("t", "$2")}
       ORDER BY ${QUEUE_ORDER} LIMIT 1 FOR UPDATE OF t SKIP LOCKED)
     RETURNING w.id`,
    suiteId,
    userId,
    holdSeconds,
  );
  return claimed?.id;
}

/**
 * True when the task is open and held by somebody else, in a suite the actor
 * adjudicates: their hold was taken over. A task of a suite they do not
 * adjudicate, or one nobody holds, is not theirs to have lost (not found).
 */
export async function isHeldByAnother(client: DbClient, actor: Actor, taskId: string): Promise<boolean> {
  const [task] = await client.$queryRaw<{ id: string }[]>`
    SELECT w.id FROM adjudication_task w
    WHERE w.id = ${taskId}::uuid AND w.status = 'open' AND w.adjudicator_id IS NOT NULL AND w.adjudicator_id IS DISTINCT FROM ${actor.userId}
      AND ${mayAdjudicateSuite(actor, Prisma.sql`w.suite_id`)}`;
  return task !== undefined;
}
