// "Next item": gives the rater an item of the suite they have not rated and
// holds it for them. Overlap k holds under concurrency because every claim
// locks the item's suite_item row and re-counts in a fresh statement (READ
// COMMITTED sees every claim committed before the lock was granted); the
// CHECK on slots_left is the last word at submit.
import "server-only";
import { db, type DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { holdWorkItem } from "@/lib/work-items/engine";
import { ASSIGNMENT } from "./assignment-kind";
import type { QueueRater } from "./queue-rater";

export type NextItem = { assignmentId: string; resumed: boolean } | { assignmentId: null; reason: "finished" | "busy" };

/** link_slots: for a visitor, how many of an item's slots their share link may fill (null for a suite rater). */
type SuiteRow = { id: string; overlap_k: number; gold_share: number; hold_seconds: number; link_slots: number | null };

/** The suite, if this rater may work it (a suite rater, or a visitor on one of its links). */
export async function suiteForRater(client: DbClient, rater: QueueRater, suiteId: string): Promise<SuiteRow> {
  const notFound = new AppError("NOT_FOUND", "No suite with this id in your queues");
  if (!isUuid(suiteId)) throw notFound;
  const [suite] = rater.kind === "user"
    ? await client.$queryRaw<SuiteRow[]>`
        SELECT s.id, s.overlap_k, s.gold_share, s.hold_seconds, NULL::int AS link_slots FROM suite s
        JOIN suite_rater r ON r.suite_id = s.id AND r.user_id = ${rater.actor.userId} WHERE s.id = ${suiteId}::uuid`
    : await client.$queryRaw<SuiteRow[]>`
        SELECT s.id, s.overlap_k, s.gold_share, s.hold_seconds, coalesce(l.max_slots_per_item, (s.overlap_k + 1) / 2) AS link_slots FROM suite s
        JOIN share_link l ON l.suite_id = s.id AND l.id = ${rater.shareLinkId}::uuid AND l.revoked_at IS NULL WHERE s.id = ${suiteId}::uuid`;
  if (!suite) throw notFound;
  return suite;
}

/** Slots of the item its share link's visitors hold or filled; -1 when the rater is no visitor. */
async function linkSlotsTaken(client: DbClient, rater: QueueRater, suiteId: string, itemId: string): Promise<number> {
  if (rater.kind !== "visitor") return -1;
  const [row] = await client.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM assignment a WHERE a.suite_id = ${suiteId}::uuid AND a.item_id = ${itemId}::uuid
      AND a.share_link_id = ${rater.shareLinkId}::uuid AND (a.status = 'submitted' OR a.held_until > now())`;
  return Number(row?.n ?? 0);
}

/** Holds of other raters on the item that still count against overlap k. */
async function activeHolds(client: DbClient, suiteId: string, itemId: string, exceptAssignmentId: string | null): Promise<{ slotsLeft: number; held: number }> {
  const [row] = await client.$queryRaw<{ slots_left: number; held: bigint }[]>`
    SELECT si.slots_left,
           (SELECT count(*) FROM assignment a WHERE a.suite_id = si.suite_id AND a.item_id = si.item_id AND a.status = 'held'
              AND a.held_until > now() AND a.id IS DISTINCT FROM ${exceptAssignmentId}::uuid) AS held
    FROM suite_item si WHERE si.suite_id = ${suiteId}::uuid AND si.item_id = ${itemId}::uuid`;
  return { slotsLeft: row?.slots_left ?? 0, held: Number(row?.held ?? 0) };
}

export async function lockSuiteItem(client: DbClient, suiteId: string, itemId: string): Promise<void> {
  await client.$queryRaw`SELECT 1 FROM suite_item WHERE suite_id = ${suiteId}::uuid AND item_id = ${itemId}::uuid FOR UPDATE`;
}

/** True when the assignment may still count as one of the item's k slots. */
export async function slotStillAvailable(client: DbClient, suiteId: string, itemId: string, assignmentId: string): Promise<boolean> {
  const { slotsLeft, held } = await activeHolds(client, suiteId, itemId, assignmentId);
  return held < slotsLeft;
}

async function resumeHeld(client: DbClient, rater: QueueRater, suite: SuiteRow): Promise<string | null> {
  const held = await client.$queryRaw<{ id: string; item_id: string; live: boolean }[]>`
    SELECT id, item_id, held_until > now() AS live FROM assignment
    WHERE suite_id = ${suite.id}::uuid AND rater_key = ${rater.raterKey} AND status = 'held'
      AND share_link_id IS NOT DISTINCT FROM ${rater.kind === "visitor" ? rater.shareLinkId : null}::uuid
    ORDER BY created_at FOR UPDATE`;
  for (const assignment of held) {
    if (!assignment.live) {
      await lockSuiteItem(client, suite.id, assignment.item_id);
      if (!(await slotStillAvailable(client, suite.id, assignment.item_id, assignment.id))) continue;
    }
    await holdWorkItem(client, ASSIGNMENT, { id: assignment.id, holdSeconds: suite.hold_seconds });
    return assignment.id;
  }
  return null;
}

async function wantsGold(client: DbClient, rater: QueueRater, suite: SuiteRow): Promise<boolean> {
  if (suite.gold_share <= 0) return false;
  // A scalar subquery per assignment (a primary-key lookup each): as a join,
  // the planner hashed the whole suite (100k items: 50 ms) for a rater's few hundred.
  const [counts] = await client.$queryRaw<{ gold: bigint; total: bigint }[]>`
    SELECT count(*) FILTER (WHERE (SELECT si.is_gold FROM suite_item si WHERE si.suite_id = a.suite_id AND si.item_id = a.item_id)) AS gold,
           count(*) AS total
    FROM assignment a
    WHERE a.suite_id = ${suite.id}::uuid AND a.rater_key = ${rater.raterKey}`;
  return Number(counts?.gold ?? 0) < suite.gold_share * (Number(counts?.total ?? 0) + 1);
}

async function claimCandidate(client: DbClient, rater: QueueRater, suite: SuiteRow, gold: boolean, skipped: string[]): Promise<string | null | "retry"> {
  const [candidate] = await client.$queryRaw<{ item_id: string }[]>`
    SELECT si.item_id FROM suite_item si
    WHERE si.suite_id = ${suite.id}::uuid AND si.is_gold = ${gold} AND si.slots_left > 0
      AND si.item_id <> ALL(${skipped}::uuid[])
      AND NOT EXISTS (SELECT 1 FROM assignment a WHERE a.suite_id = si.suite_id AND a.item_id = si.item_id AND a.rater_key = ${rater.raterKey})
      AND (SELECT count(*) FROM assignment h WHERE h.suite_id = si.suite_id AND h.item_id = si.item_id AND h.status = 'held' AND h.held_until > now()) < si.slots_left
      AND (${suite.link_slots}::int IS NULL OR (SELECT count(*) FROM assignment l WHERE l.suite_id = si.suite_id AND l.item_id = si.item_id
             AND l.share_link_id = ${rater.kind === "visitor" ? rater.shareLinkId : null}::uuid AND (l.status = 'submitted' OR l.held_until > now())) < ${suite.link_slots}::int)
    ORDER BY si.position
    LIMIT 1
    FOR UPDATE OF si SKIP LOCKED`;
  if (!candidate) return null;
  // The candidate was chosen on the statement's snapshot; with the row locked, count again.
  const { slotsLeft, held } = await activeHolds(client, suite.id, candidate.item_id, null);
  if (held >= slotsLeft || (suite.link_slots !== null && (await linkSlotsTaken(client, rater, suite.id, candidate.item_id)) >= suite.link_slots)) {
    skipped.push(candidate.item_id);
    return "retry";
  }
  const [created] = await client.$queryRaw<{ id: string }[]>`
    INSERT INTO assignment (suite_id, item_id, rater_key, user_id, share_link_id, held_until)
    VALUES (${suite.id}::uuid, ${candidate.item_id}::uuid, ${rater.raterKey},
            ${rater.kind === "user" ? rater.actor.userId : null}, ${rater.kind === "visitor" ? rater.shareLinkId : null}::uuid,
            now() + make_interval(secs => ${suite.hold_seconds}))
    RETURNING id`;
  return created?.id ?? null;
}

export async function nextItem(options: { rater: QueueRater; suiteId: string }): Promise<NextItem> {
  const { rater } = options;
  return db().$transaction(async (tx) => {
    const suite = await suiteForRater(tx, rater, options.suiteId);
    const resumed = await resumeHeld(tx, rater, suite);
    if (resumed) return { assignmentId: resumed, resumed: true };
    const gold = await wantsGold(tx, rater, suite);
    for (const flag of [gold, !gold]) {
      const skipped: string[] = [];
      for (let attempt = 0; attempt < 50; attempt += 1) {
        const claimed = await claimCandidate(tx, rater, suite, flag, skipped);
        if (claimed === "retry") continue;
        if (claimed) return { assignmentId: claimed, resumed: false };
        break;
      }
    }
    // Nothing claimable: either every open item is rated by this rater or held by others.
    const [open] = await tx.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM suite_item si WHERE si.suite_id = ${suite.id}::uuid AND si.slots_left > 0
        AND NOT EXISTS (SELECT 1 FROM assignment a WHERE a.suite_id = si.suite_id AND a.item_id = si.item_id AND a.rater_key = ${rater.raterKey})`;
    return { assignmentId: null, reason: Number(open?.n ?? 0) > 0 ? "busy" : "finished" };
  });
}
