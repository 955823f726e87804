// The items of a suite as an admin runs it: per item the ratings so far of k,
// who holds it now and until when, skips, gold, and its adjudication status
// (computed by lib/adjudication); a page at a time, narrowed by status, gold
// and holds. An admin releases a stuck hold or removes an item nobody rated.
import "server-only";
import type { AdjudicationRule, ItemStatus } from "@/lib/adjudication/rule";
import { suiteItemVerdicts, suiteRule } from "@/lib/adjudication/suite-verdicts";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { parseInput } from "@/lib/input";
import { dropUnratedAssignments, releaseHolds } from "@/lib/queues/release";
import { SuiteItemPageQuery } from "./validation";

export type ItemHold = { assignmentId: string; holderName: string; heldUntil: Date };

export type SuiteItemProgress = {
  itemId: string;
  taskId: string;
  position: number;
  isGold: boolean;
  ratings: number;
  overlapK: number;
  holds: ItemHold[];
  skips: number;
  status: ItemStatus;
};

export type SuiteItemPage = {
  items: SuiteItemProgress[];
  total: number;
  page: number;
  perPage: number;
};

const noSuite = () => new AppError("NOT_FOUND", "No suite with this id");

type ItemRow = {
  item_id: string;
  task_id: string;
  position: number;
  is_gold: boolean;
  ratings: number;
  overlap_k: number;
  skips: bigint;
  holds: { assignment_id: string; holder_name: string | null; held_until: string }[];
};

/**
 * Which items have the status. A status is computed from ratings, not stored;
 * an item with no rating and no decision is "too few ratings" whatever the
 * rule, so only the items that have some are judged (a large suite is mostly
 * unrated): `ids` match, and with `unrated` so does every item outside `judged`.
 */
async function statusNarrowing(
  suiteId: string,
  rule: AdjudicationRule,
  status: ItemStatus,
): Promise<{ ids: string[]; unrated: boolean; judged: string[] }> {
  const judged = (
    await db().$queryRaw<{ item_id: string }[]>`
      SELECT item_id FROM suite_rating WHERE suite_id = ${suiteId}::uuid
      UNION SELECT item_id FROM adjudication WHERE suite_id = ${suiteId}::uuid`
  ).map((row) => row.item_id);
  const verdicts = judged.length === 0 ? [] : await suiteItemVerdicts(db(), suiteId, rule, judged);
  return {
    ids: verdicts.filter((verdict) => verdict.status === status).map((verdict) => verdict.itemId),
    unrated: status === "too_few_ratings",
    judged,
  };
}

export async function listSuiteItemProgress(options: {
  actor: Actor;
  suiteId: string;
  query: unknown;
}): Promise<SuiteItemPage> {
  authorize(options.actor, "suites.manage");
  const filter = parseInput(SuiteItemPageQuery, options.query, "The item filter is not valid");
  if (!isUuid(options.suiteId)) throw noSuite();
  const rule = await suiteRule(db(), options.suiteId);
  if (!rule) throw noSuite();
  const status = filter.status ? await statusNarrowing(options.suiteId, rule, filter.status) : null;
  const gold = filter.gold === undefined ? null : filter.gold === "yes";
  const held = filter.holds === undefined ? null : filter.holds === "yes";
  const offset = (filter.page - 1) * filter.per_page;
  // The page is chosen first (an index on position), then only its rows get holds and skips; the count is its own statement.
  const where = Prisma.sql`si.suite_id = ${options.suiteId}::uuid
      AND (${status === null} OR si.item_id = ANY(${status?.ids ?? []}::uuid[])
           OR (${status?.unrated ?? false} AND si.item_id <> ALL(${status?.judged ?? []}::uuid[])))
      AND (${gold}::boolean IS NULL OR si.is_gold = ${gold}::boolean)
      AND (${held}::boolean IS NULL OR EXISTS (SELECT 1 FROM assignment h WHERE h.suite_id = si.suite_id
             AND h.item_id = si.item_id AND h.status = 'held' AND h.held_until > now()) = ${held}::boolean)`;
  const [rows, [count]] = await Promise.all([
    db().$queryRaw<ItemRow[]>`
      WITH page AS (
        SELECT si.suite_id, si.item_id, si.position, si.is_gold, si.slots_left FROM suite_item si
        WHERE ${where} ORDER BY si.position LIMIT ${filter.per_page} OFFSET ${offset}
      )
      SELECT p.item_id, i.task_id, p.position, p.is_gold, s.overlap_k - p.slots_left AS ratings, s.overlap_k,
             (SELECT count(*) FROM assignment k WHERE k.suite_id = p.suite_id AND k.item_id = p.item_id AND k.status = 'skipped') AS skips,
             coalesce((SELECT jsonb_agg(jsonb_build_object('assignment_id', a.id,
                         'holder_name', coalesce(u.name, 'A visitor on a share link'), 'held_until', a.held_until) ORDER BY a.held_until)
                       FROM assignment a LEFT JOIN app_user u ON u.id = a.user_id
                       WHERE a.suite_id = p.suite_id AND a.item_id = p.item_id AND a.status = 'held' AND a.held_until > now()),
                      '[]'::jsonb) AS holds
      FROM page p JOIN suite s ON s.id = p.suite_id JOIN item i ON i.id = p.item_id
      ORDER BY p.position`,
    db().$queryRaw<{ total: bigint }[]>`SELECT count(*) AS total FROM suite_item si WHERE ${where}`,
  ]);
  const verdicts = await suiteItemVerdicts(
    db(),
    options.suiteId,
    rule,
    rows.map((row) => row.item_id),
  );
  const statusOf = new Map(verdicts.map((verdict) => [verdict.itemId, verdict.status]));
  return {
    items: rows.map((row) => ({
      itemId: row.item_id,
      taskId: row.task_id,
      position: row.position,
      isGold: row.is_gold,
      ratings: row.ratings,
      overlapK: row.overlap_k,
      skips: Number(row.skips),
      holds: row.holds.map((hold) => ({
        assignmentId: hold.assignment_id,
        holderName: hold.holder_name ?? "",
        heldUntil: new Date(hold.held_until),
      })),
      status: statusOf.get(row.item_id) ?? "too_few_ratings",
    })),
    total: Number(count?.total ?? 0),
    page: filter.page,
    perPage: filter.per_page,
  };
}

/** Ends one live hold of the suite now (the item returns to the pool; the holder's draft stays on the row). */
export async function releaseSuiteHold(options: {
  actor: Actor;
  suiteId: string;
  assignmentId: string;
  origin?: RequestOrigin;
}): Promise<void> {
  authorize(options.actor, "suites.manage");
  if (!isUuid(options.suiteId) || !isUuid(options.assignmentId)) throw new AppError("NOT_FOUND", "No such hold");
  await db().$transaction(async (tx) => {
    const [released] = await releaseHolds(tx, { suiteId: options.suiteId, assignmentId: options.assignmentId });
    if (!released) throw new AppError("NOT_FOUND", "No live hold with this id in this suite (it may have ended)");
    await recordAuditEvent({
      action: "suite.hold_released",
      actorId: options.actor.userId,
      subject: options.suiteId,
      origin: options.origin,
      details: { assignment_id: released.assignmentId, item_id: released.itemId, holder: released.raterKey },
      client: tx,
    });
  });
}

/** Removes an item from the suite while nothing is stored for it; refused, naming what is stored, otherwise. */
export async function removeSuiteItem(options: {
  actor: Actor;
  suiteId: string;
  itemId: string;
  origin?: RequestOrigin;
}): Promise<void> {
  authorize(options.actor, "suites.manage");
  const notFound = new AppError("NOT_FOUND", "No item with this id in this suite");
  if (!isUuid(options.suiteId) || !isUuid(options.itemId)) throw notFound;
  await db().$transaction(async (tx) => {
    const [item] = await tx.$queryRaw<{ task_id: string; records: bigint; reviews: bigint; adjudications: bigint }[]>`
      SELECT i.task_id,
             (SELECT count(*) FROM suite_record r WHERE r.suite_id = si.suite_id AND r.item_id = si.item_id) AS records,
             (SELECT count(*) FROM review_task t WHERE t.suite_id = si.suite_id AND t.item_id = si.item_id) AS reviews,
             (SELECT count(*) FROM adjudication_task t WHERE t.suite_id = si.suite_id AND t.item_id = si.item_id)
               + (SELECT count(*) FROM adjudication d WHERE d.suite_id = si.suite_id AND d.item_id = si.item_id) AS adjudications
      FROM suite_item si JOIN item i ON i.id = si.item_id
      WHERE si.suite_id = ${options.suiteId}::uuid AND si.item_id = ${options.itemId}::uuid
      FOR UPDATE OF si`;
    if (!item) throw notFound;
    const stored = Number(item.records) + Number(item.reviews) + Number(item.adjudications);
    if (stored > 0 || !(await dropUnratedAssignments(tx, options.suiteId, options.itemId))) {
      throw new AppError(
        "CONFLICT",
        `Item ${item.task_id} cannot be removed: it has ${Number(item.records)} record(s), ${Number(item.reviews)} review task(s) and ${Number(item.adjudications)} adjudication(s) stored in this suite, and stored work is kept.`,
      );
    }
    await tx.suiteItem.delete({
      where: { suiteId_itemId: { suiteId: options.suiteId, itemId: options.itemId } },
    });
    await recordAuditEvent({
      action: "suite.item_removed",
      actorId: options.actor.userId,
      subject: options.suiteId,
      origin: options.origin,
      details: { item_id: options.itemId, task_id: item.task_id },
      client: tx,
    });
  });
}
