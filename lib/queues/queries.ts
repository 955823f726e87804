// The queue's SQL (claiming items under overlap k, counting slots and holds,
// skips and corrections), with typed rows: counts arrive as numbers, never
// bigint, statuses as AssignmentStatus. The rules live in next-item.ts,
// skip.ts and correction.ts; the statements live here.
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { SqlClient } from "@/lib/sql-transaction";
import { ASSIGNMENT_STATUSES, parseStatus, type AssignmentStatus } from "@/lib/statuses";
import type { QueueRater } from "./queue-rater";

/**
 * For a visitor (null for a suite rater): link_slots, how many of an item's
 * slots their share link may fill; visitor_slots, how many all the suite's
 * links together may fill (the largest share an open link was given, by
 * default half of k rounded up), so links never take the slots the suite's
 * raters need; link_items_per_hour, the link's cap on new items.
 */
export type SuiteRow = {
  id: string;
  overlap_k: number;
  gold_share: number;
  hold_seconds: number;
  link_slots: number | null;
  visitor_slots: number | null;
  link_items_per_hour: number | null;
  /** A paused suite hands out no items; an archived one is out of every queue. */
  paused: boolean;
  archived: boolean;
};

const linkOf = (rater: QueueRater) => (rater.kind === "visitor" ? rater.shareLinkId : null);

export type HeldAssignment = { id: string; item_id: string; live: boolean };

/**
 * What "next item" reads before it claims, in one round trip: the suite (if
 * this rater may work it), the rater's held assignments of it, oldest first
 * and locked, and their gold count.
 */
export async function selectRaterSuiteToClaim(
  client: SqlClient,
  rater: QueueRater,
  suiteId: string,
): Promise<(SuiteRow & { gold: number; total: number; held: HeldAssignment[] }) | undefined> {
  const suite =
    rater.kind === "user"
      ? Prisma.sql`SELECT s.id, s.overlap_k, s.gold_share, s.hold_seconds, NULL::int AS link_slots,
               NULL::int AS visitor_slots, NULL::int AS link_items_per_hour, s.paused_at IS NOT NULL AS paused, s.archived_at IS NOT NULL AS archived FROM suite s
        JOIN suite_rater r ON r.suite_id = s.id AND r.user_id = ${rater.actor.userId} WHERE s.id = ${suiteId}::uuid`
      : Prisma.sql`SELECT s.id, s.overlap_k, s.gold_share, s.hold_seconds, coalesce(l.max_slots_per_item, (s.overlap_k + 1) / 2) AS link_slots,
               (SELECT max(coalesce(o.max_slots_per_item, (s.overlap_k + 1) / 2)) FROM share_link o
                 WHERE o.suite_id = s.id AND o.revoked_at IS NULL)::int AS visitor_slots,
               l.max_items_per_hour AS link_items_per_hour, s.paused_at IS NOT NULL AS paused, s.archived_at IS NOT NULL AS archived FROM suite s
        JOIN share_link l ON l.suite_id = s.id AND l.id = ${rater.shareLinkId}::uuid AND l.revoked_at IS NULL WHERE s.id = ${suiteId}::uuid`;
  // The held rows are locked only when the suite row is found (the CTE is read from the suite's row).
  const [row] = await client.$queryRaw<(SuiteRow & { gold: bigint; total: bigint; held: HeldAssignment[] })[]>`
    WITH rater_suite AS (${suite}), held AS (
      SELECT id, item_id, held_until > now() AS live, created_at FROM assignment
      WHERE suite_id = ${suiteId}::uuid AND rater_key = ${rater.raterKey} AND status = 'held'
        AND share_link_id IS NOT DISTINCT FROM ${linkOf(rater)}::uuid
      ORDER BY created_at FOR UPDATE)
    SELECT rs.*, g.gold, g.total,
           (SELECT coalesce(json_agg(json_build_object('id', h.id, 'item_id', h.item_id, 'live', h.live) ORDER BY h.created_at), '[]')
              FROM held h) AS held
    FROM rater_suite rs
    CROSS JOIN LATERAL (SELECT count(*) FILTER (WHERE a.is_gold) AS gold, count(*) AS total FROM assignment a
                        WHERE a.suite_id = rs.id AND a.rater_key = ${rater.raterKey}) g`;
  return row && { ...row, gold: Number(row.gold), total: Number(row.total) };
}

/**
 * For a visitor, the item (alias si) has room for one more visitor: on their
 * link, and on all the suite's links together. Submitted ratings and live holds
 * count (a skipped one ends its hold).
 */
function visitorRoom(rater: QueueRater, suite: SuiteRow): Prisma.Sql {
  if (rater.kind !== "visitor" || suite.link_slots === null) return Prisma.sql`TRUE`;
  const taken = (
    links: Prisma.Sql,
  ) => Prisma.sql`(SELECT count(*) FROM assignment v WHERE v.suite_id = si.suite_id AND v.item_id = si.item_id
             AND ${links} AND (v.status = 'submitted' OR v.held_until > now()))`;
  return Prisma.sql`${taken(Prisma.sql`v.share_link_id = ${rater.shareLinkId}::uuid`)} < ${suite.link_slots}::int
      AND ${taken(Prisma.sql`v.share_link_id IS NOT NULL`)} < ${suite.visitor_slots ?? suite.link_slots}::int`;
}

/**
 * True (on suite_item alias si) when the suite has raters and every one of
 * them skipped the item as broken: such an item is never handed to a visitor
 * on a share link (issue 35: one was) and is flagged on the suite page.
 */
export const brokenForEveryRater = Prisma.sql`(EXISTS (SELECT 1 FROM suite_rater sr WHERE sr.suite_id = si.suite_id)
  AND NOT EXISTS (SELECT 1 FROM suite_rater sr WHERE sr.suite_id = si.suite_id AND NOT EXISTS (
    SELECT 1 FROM assignment b WHERE b.suite_id = si.suite_id AND b.item_id = si.item_id AND b.rater_key = sr.user_id
      AND b.status = 'skipped' AND b.skip_reason = 'broken_content')))`;

/** What a visitor may never be handed, beyond what any rater may not. */
function visitorExclusion(raterKey: string): Prisma.Sql {
  return raterKey.startsWith("visitor:") ? Prisma.sql`AND NOT ${brokenForEveryRater}` : Prisma.empty;
}

/**
 * The link's items of the last hour are under its cap. The link's row is
 * locked first (until the claim commits), so claims through one link are
 * counted one after another: the count, a fresh statement after the lock,
 * sees every claim committed before it (check-then-act let 30 visitors at
 * once take 7–18 items of a link capped at 5).
 */
export async function lockLinkHourlyRoom(client: SqlClient, shareLinkId: string, cap: number): Promise<boolean> {
  await client.$queryRaw`SELECT 1 FROM share_link WHERE id = ${shareLinkId}::uuid FOR UPDATE`;
  const [row] = await client.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM assignment WHERE share_link_id = ${shareLinkId}::uuid AND created_at > now() - interval '1 hour'`;
  return Number(row?.n ?? 0) < cap;
}

/**
 * A new assignment of the item to the rater if the item still has room: the
 * recount of the item's live holds (and, for a visitor, the slots its share link
 * and all the suite's links have taken) as the INSERT's own condition. The caller holds the suite_item row's lock, and the
 * statement's fresh snapshot sees every claim committed before it was granted.
 * Null when the item is full.
 */
export async function insertAssignmentIfRoom(
  client: SqlClient,
  rater: QueueRater,
  suite: SuiteRow,
  itemId: string,
): Promise<string | null> {
  const [created] = await client.$queryRaw<{ id: string }[]>`
    INSERT INTO assignment (suite_id, item_id, rater_key, user_id, share_link_id, held_until)
    SELECT si.suite_id, si.item_id, ${rater.raterKey}, ${rater.kind === "user" ? rater.actor.userId : null},
           ${linkOf(rater)}::uuid, now() + make_interval(secs => ${suite.hold_seconds})
    FROM suite_item si
    WHERE si.suite_id = ${suite.id}::uuid AND si.item_id = ${itemId}::uuid
      AND (SELECT count(*) FROM assignment h WHERE h.suite_id = si.suite_id AND h.item_id = si.item_id AND h.status = 'held'
             AND h.held_until > now()) < si.slots_left
      AND ${visitorRoom(rater, suite)}
    RETURNING id`;
  return created?.id ?? null;
}

/** The item's slots left, and the live holds on it other than `exceptAssignmentId`. */
export async function selectActiveHolds(
  client: SqlClient,
  suiteId: string,
  itemId: string,
  exceptAssignmentId: string | null,
): Promise<{ slotsLeft: number; held: number }> {
  const [row] = await client.$queryRaw<{ slots_left: number; held: bigint }[]>`
    SELECT si.slots_left,
           (SELECT count(*) FROM assignment a WHERE a.suite_id = si.suite_id AND a.item_id = si.item_id AND a.status = 'held'
              AND a.held_until > now() AND a.id IS DISTINCT FROM ${exceptAssignmentId}::uuid) AS held
    FROM suite_item si WHERE si.suite_id = ${suiteId}::uuid AND si.item_id = ${itemId}::uuid`;
  return { slotsLeft: row?.slots_left ?? 0, held: Number(row?.held ?? 0) };
}

/** Serialises claims and submits of one item: every one locks its suite_item row first. */
export async function lockSuiteItem(client: SqlClient, suiteId: string, itemId: string): Promise<void> {
  await client.$queryRaw`SELECT 1 FROM suite_item WHERE suite_id = ${suiteId}::uuid AND item_id = ${itemId}::uuid FOR UPDATE`;
}

/**
 * What a submit needs of an assignment (the caller has locked it), with its
 * suite_item row locked as lockSuiteItem locks it: the item's body, the
 * suite's key, the slots left, whether the hold ran out and whether the rater
 * adjudicated the item. One round trip.
 */
export async function lockAssignmentItemToSubmit(
  client: SqlClient,
  assignmentId: string,
): Promise<
  | {
      suite_id: string;
      item_id: string;
      suite_key: string;
      item_body: unknown;
      slots_left: number;
      expired: boolean;
      /** The rater adjudicated the item or holds its adjudication (adjudicatedBy). */
      adjudicator: boolean;
    }
  | undefined
> {
  const [row] = await client.$queryRaw<
    {
      suite_id: string;
      item_id: string;
      suite_key: string;
      item_body: unknown;
      slots_left: number;
      expired: boolean;
      adjudicator: boolean;
    }[]
  >`
    SELECT a.suite_id, a.item_id, s.key AS suite_key, i.body AS item_body, si.slots_left,
           a.held_until <= clock_timestamp() AS expired, ${adjudicatedBy(Prisma.sql`a.rater_key`, "a")} AS adjudicator
    FROM assignment a JOIN suite s ON s.id = a.suite_id JOIN item i ON i.id = a.item_id
    JOIN suite_item si ON si.suite_id = a.suite_id AND si.item_id = a.item_id
    WHERE a.id = ${assignmentId}::uuid
    FOR UPDATE OF si`;
  return row;
}

/** One slot of the item is used by a submitted rating (the CHECK slots_left >= 0 is the last word). */
export async function takeSlot(client: SqlClient, suiteId: string, itemId: string): Promise<void> {
  await client.$executeRaw`UPDATE suite_item SET slots_left = slots_left - 1 WHERE suite_id = ${suiteId}::uuid AND item_id = ${itemId}::uuid`;
}

/**
 * The rater adjudicated the item, or holds or held its adjudication: they have
 * seen every rating side by side, so a rating of theirs would not be
 * independent. A visitor's key ("visitor:…") is never an adjudicator's id.
 */
function adjudicatedBy(raterKey: string | Prisma.Sql, alias: "si" | "a" = "si"): Prisma.Sql {
  const row = Prisma.raw(alias);
  return Prisma.sql`(EXISTS (SELECT 1 FROM adjudication d WHERE d.suite_id = ${row}.suite_id AND d.item_id = ${row}.item_id AND d.adjudicator_id = ${raterKey})
    OR EXISTS (SELECT 1 FROM adjudication_task t WHERE t.suite_id = ${row}.suite_id AND t.item_id = ${row}.item_id AND t.adjudicator_id = ${raterKey}))`;
}

/** The first item (by position) the rater could claim now, locked; `skipped` items are passed over. */
export async function lockClaimCandidate(
  client: SqlClient,
  rater: QueueRater,
  suite: SuiteRow,
  gold: boolean,
  skipped: string[],
): Promise<string | null> {
  const [candidate] = await client.$queryRaw<{ item_id: string }[]>`
    SELECT si.item_id FROM suite_item si
    WHERE si.suite_id = ${suite.id}::uuid AND si.is_gold = ${gold} AND si.slots_left > 0
      AND si.item_id <> ALL(${skipped}::uuid[])
      AND NOT EXISTS (SELECT 1 FROM assignment a WHERE a.suite_id = si.suite_id AND a.item_id = si.item_id AND a.rater_key = ${rater.raterKey})
      AND NOT ${adjudicatedBy(rater.raterKey)}
      AND (SELECT count(*) FROM assignment h WHERE h.suite_id = si.suite_id AND h.item_id = si.item_id AND h.status = 'held' AND h.held_until > now()) < si.slots_left
      AND ${visitorRoom(rater, suite)} ${visitorExclusion(rater.raterKey)}
    ORDER BY si.position
    LIMIT 1
    FOR UPDATE OF si SKIP LOCKED`;
  return candidate?.item_id ?? null;
}

/** Items of the suite with slots left that the rater has not taken (nor adjudicated). */
export async function countOpenForRater(client: SqlClient, raterKey: string, suiteId: string): Promise<number> {
  const [open] = await client.$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM suite_item si WHERE si.suite_id = ${suiteId}::uuid AND si.slots_left > 0
      AND NOT EXISTS (SELECT 1 FROM assignment a WHERE a.suite_id = si.suite_id AND a.item_id = si.item_id AND a.rater_key = ${raterKey})
      AND NOT ${adjudicatedBy(raterKey)} ${visitorExclusion(raterKey)}`;
  return Number(open?.n ?? 0);
}

/** "Item n of N": the assignment's place among the rater's assignments of the suite, and the suite's size. */
export async function selectAssignmentPosition(
  client: SqlClient,
  raterKey: string,
  assignmentId: string,
): Promise<{ index: number; total: number } | undefined> {
  const [row] = await client.$queryRaw<{ index: bigint; total: bigint }[]>`
    SELECT (SELECT count(*) FROM assignment b WHERE b.suite_id = a.suite_id AND b.rater_key = a.rater_key AND b.created_at <= a.created_at) AS index,
           (SELECT count(*) FROM suite_item si WHERE si.suite_id = a.suite_id) AS total
    FROM assignment a WHERE a.id = ${assignmentId}::uuid AND a.rater_key = ${raterKey}`;
  return row ? { index: Number(row.index), total: Number(row.total) } : undefined;
}

/**
 * The rater's assignment, locked, with what a skip needs; undefined when the
 * rater may not touch it (`access`, alias w: lib/queues/assignment-kind.ts —
 * a visitor's work only through its own open link).
 */
export async function lockAssignmentForSkip(
  client: SqlClient,
  access: Prisma.Sql,
  assignmentId: string,
): Promise<{ status: AssignmentStatus; suite_id: string; item_id: string } | undefined> {
  const [row] = await client.$queryRaw<{ status: string; suite_id: string; item_id: string }[]>`
    SELECT w.status, w.suite_id, w.item_id FROM assignment w WHERE w.id = ${assignmentId}::uuid AND ${access} FOR UPDATE`;
  return row && { ...row, status: parseStatus(ASSIGNMENT_STATUSES, row.status) };
}

/** Skips the assignment: its hold ends without using a slot, and its draft is dropped. */
export async function markSkipped(
  client: SqlClient,
  assignmentId: string,
  reason: string,
  comment: string | null,
): Promise<void> {
  await client.$executeRaw`
    UPDATE assignment SET status = 'skipped', skip_reason = ${reason}, skip_comment = ${comment},
           skipped_at = now(), held_until = now(), draft = NULL
    WHERE id = ${assignmentId}::uuid`;
}

/** Skips of the suite per rater. */
export async function countSkipsByRater(
  client: SqlClient,
  suiteId: string,
): Promise<{ raterKey: string; skipped: number }[]> {
  const rows = await client.$queryRaw<{ rater_key: string; skipped: bigint }[]>`
    SELECT rater_key, count(*) AS skipped FROM assignment WHERE suite_id = ${suiteId}::uuid AND status = 'skipped'
    GROUP BY rater_key ORDER BY rater_key`;
  return rows.map((row) => ({ raterKey: row.rater_key, skipped: Number(row.skipped) }));
}

export type SkippedItemRow = {
  itemId: string;
  taskId: string;
  skipped: number;
  reasons: Record<string, number>;
  comments: string[];
  /** Suite raters, and how many of them skipped the item. */ raters: number;
  raterSkips: number;
  /** Every suite rater skipped it as broken (brokenForEveryRater). */
  brokenForEveryRater: boolean;
};

/** Skipped items of the suite, most skipped first, with their reasons and comments. */
export async function selectSkippedItems(client: SqlClient, suiteId: string): Promise<SkippedItemRow[]> {
  const rows = await client.$queryRaw<
    {
      item_id: string;
      task_id: string;
      skipped: bigint;
      reasons: Record<string, number>;
      comments: string[] | null;
      raters: bigint;
      rater_skips: bigint;
      broken_for_every_rater: boolean;
    }[]
  >`
    SELECT a.item_id, i.task_id, count(*) AS skipped,
           (SELECT jsonb_object_agg(reason, n) FROM (SELECT skip_reason AS reason, count(*) AS n FROM assignment b
              WHERE b.suite_id = a.suite_id AND b.item_id = a.item_id AND b.status = 'skipped' GROUP BY skip_reason) r) AS reasons,
           array_remove(array_agg(a.skip_comment ORDER BY a.skipped_at), NULL) AS comments,
           (SELECT count(*) FROM suite_rater sr WHERE sr.suite_id = a.suite_id) AS raters,
           count(*) FILTER (WHERE a.rater_key IN (SELECT sr.user_id FROM suite_rater sr WHERE sr.suite_id = a.suite_id)) AS rater_skips,
           bool_or(${brokenForEveryRater}) AS broken_for_every_rater
    FROM assignment a JOIN item i ON i.id = a.item_id JOIN suite_item si ON si.suite_id = a.suite_id AND si.item_id = a.item_id
    WHERE a.suite_id = ${suiteId}::uuid AND a.status = 'skipped'
    GROUP BY a.suite_id, a.item_id, i.task_id
    ORDER BY count(*) DESC, i.task_id`;
  return rows.map((row) => ({
    itemId: row.item_id,
    taskId: row.task_id,
    skipped: Number(row.skipped),
    reasons: row.reasons,
    comments: row.comments ?? [],
    raters: Number(row.raters),
    raterSkips: Number(row.rater_skips),
    brokenForEveryRater: row.broken_for_every_rater,
  }));
}

type CorrectionRow = {
  status: AssignmentStatus;
  eval_id: string | null;
  body: unknown;
  suite_key: string;
  suite_id: string;
  item_id: string;
  /** The suite's state and the rater's place in it now: a correction counts, so it needs both. */
  archived: boolean;
  still_rater: boolean;
};

/**
 * The rater's assignment, locked, with its item and suite key (what a correction needs); undefined when not theirs.
 * The lock serialises corrections of one assignment: each reads the chain others committed before it.
 */
export async function lockAssignmentForCorrection(
  client: SqlClient,
  raterKey: string,
  assignmentId: string,
): Promise<CorrectionRow | undefined> {
  const [row] = await client.$queryRaw<(Omit<CorrectionRow, "status"> & { status: string })[]>`
    SELECT a.status, a.eval_id, i.body, s.key AS suite_key, a.suite_id, a.item_id,
           s.archived_at IS NOT NULL AS archived,
           EXISTS (SELECT 1 FROM suite_rater r WHERE r.suite_id = a.suite_id AND r.user_id = a.user_id) AS still_rater
    FROM assignment a
    JOIN item i ON i.id = a.item_id JOIN suite s ON s.id = a.suite_id
    WHERE a.id = ${assignmentId}::uuid AND a.rater_key = ${raterKey} FOR UPDATE OF a`;
  return row && { ...row, status: parseStatus(ASSIGNMENT_STATUSES, row.status) };
}

/**
 * The latest of a rater's ratings of an item in the suite: the end of its chain
 * of corrections in suite_record (each row superseded at most once, so the
 * chain is a line). A record derived from it outside the suite (a free-form
 * correction) is not in the chain.
 */
export async function selectLatestInChain(client: SqlClient, suiteId: string, evalId: string): Promise<string> {
  return (await selectChainEnd(client, suiteId, evalId)).latest;
}

/** selectLatestInChain, with how many corrections the chain holds (its depth). */
export async function selectChainEnd(
  client: SqlClient,
  suiteId: string,
  evalId: string,
): Promise<{ latest: string; corrections: number }> {
  const [row] = await client.$queryRaw<[{ latest: string; corrections: number }]>`
    WITH RECURSIVE chain AS (
      SELECT eval_id, 0 AS depth FROM suite_record WHERE suite_id = ${suiteId}::uuid AND eval_id = ${evalId}::uuid
      UNION ALL
      SELECT c.eval_id, chain.depth + 1 FROM suite_record c JOIN chain ON c.supersedes = chain.eval_id
      WHERE c.suite_id = ${suiteId}::uuid)
    SELECT coalesce((SELECT eval_id::text FROM chain ORDER BY depth DESC LIMIT 1), ${evalId}) AS latest,
           coalesce((SELECT max(depth) FROM chain), 0)::int AS corrections`;
  return row;
}
