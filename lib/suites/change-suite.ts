// Changing a running suite: its raters (a removed rater's open holds are
// released; their stored records stay), overlap k (never below what an item
// already has stored), hold time, gold share, guidelines, adjudication rule,
// pause and archive. One transaction per change, audited with before and after.
import "server-only";
import type { AdjudicationRule } from "@/lib/adjudication/rule";
import { parseAdjudicationRule } from "@/lib/adjudication/suite-verdicts";
import { settingChanges, suiteStateTransitions } from "@/lib/audit/setting-changes";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db, type DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/ids";
import { parseInput } from "@/lib/input";
import { releaseHolds } from "@/lib/queues/release";
import { overlapFloorIssue } from "./overlap-floor";
import { requireActiveRaters } from "./raters";
import { SuitePatchInput, type SuitePatch } from "./validation";

export type SuiteSettings = {
  raterIds: string[];
  overlapK: number;
  holdMinutes: number;
  goldShare: number;
  guidelines: string;
  adjudicationRule: AdjudicationRule;
  paused: boolean;
  archived: boolean;
};

const INVALID = "The suite change is not valid";

async function lockedSettings(tx: DbClient, suiteId: string): Promise<SuiteSettings> {
  const [row] = await tx.$queryRaw<
    {
      overlap_k: number;
      hold_seconds: number;
      gold_share: number;
      guidelines: string;
      adjudication_rule: unknown;
      paused: boolean;
      archived: boolean;
    }[]
  >`
    SELECT overlap_k, hold_seconds, gold_share, guidelines, adjudication_rule,
           paused_at IS NOT NULL AS paused, archived_at IS NOT NULL AS archived
    FROM suite WHERE id = ${suiteId}::uuid FOR UPDATE`;
  if (!row) throw new AppError("NOT_FOUND", "No suite with this id");
  const raters = await tx.suiteRater.findMany({ where: { suiteId }, select: { userId: true } });
  return {
    raterIds: raters.map((rater) => rater.userId).sort(),
    overlapK: row.overlap_k,
    holdMinutes: row.hold_seconds / 60,
    goldShare: row.gold_share,
    guidelines: row.guidelines,
    adjudicationRule: parseAdjudicationRule(row.adjudication_rule),
    paused: row.paused,
    archived: row.archived,
  };
}

function nextRule(current: AdjudicationRule, change: SuitePatch["adjudication_rule"]): AdjudicationRule {
  const rule = { ...current };
  if (change?.likert_spread !== undefined) rule.likertSpread = change.likert_spread;
  if (change?.hazard_conflict !== undefined) rule.hazardConflict = change.hazard_conflict;
  if (change?.refusal_conflict !== undefined) rule.refusalConflict = change.refusal_conflict;
  if (change?.judge_conflict !== undefined) rule.judgeConflict = change.judge_conflict;
  if (change?.min_ratings !== undefined) rule.minRatings = change.min_ratings;
  return rule;
}

/** Refuses a k below the ratings already stored for some item, naming how many items block it. */
async function checkOverlapK(tx: DbClient, suiteId: string, current: number, wanted: number): Promise<void> {
  if (wanted >= current) return;
  const [row] = await tx.$queryRaw<{ blocking: bigint; most: number | null }[]>`
    SELECT count(*) FILTER (WHERE ${current}::int - slots_left > ${wanted}::int) AS blocking,
           max(${current}::int - slots_left) AS most
    FROM suite_item WHERE suite_id = ${suiteId}::uuid`;
  const issue = overlapFloorIssue({
    wanted,
    most: row?.most ?? wanted,
    blocking: Number(row?.blocking ?? 0),
    unit: "item",
    stored: "rating",
  });
  if (issue) throw new AppError("INVALID_INPUT", INVALID, [issue]);
}

export async function changeSuite(options: {
  actor: Actor;
  suiteId: string;
  input: unknown;
  origin?: RequestOrigin;
}): Promise<SuiteSettings> {
  authorize(options.actor, "suites.manage");
  const input = parseInput(SuitePatchInput, options.input, INVALID);
  if (!isUuid(options.suiteId)) throw new AppError("NOT_FOUND", "No suite with this id");
  const suiteId = options.suiteId;
  return db().$transaction(async (tx) => {
    const before = await lockedSettings(tx, suiteId);
    const after: SuiteSettings = {
      raterIds: input.rater_ids ? [...new Set(input.rater_ids)].sort() : before.raterIds,
      overlapK: input.overlap_k ?? before.overlapK,
      holdMinutes: input.hold_minutes ?? before.holdMinutes,
      goldShare: input.gold_share ?? before.goldShare,
      guidelines: input.guidelines ?? before.guidelines,
      adjudicationRule: nextRule(before.adjudicationRule, input.adjudication_rule),
      paused: input.paused ?? before.paused,
      archived: input.archived ?? before.archived,
    };
    await checkOverlapK(tx, suiteId, before.overlapK, after.overlapK);
    const added = after.raterIds.filter((id) => !before.raterIds.includes(id));
    const removed = before.raterIds.filter((id) => !after.raterIds.includes(id));
    await requireActiveRaters(tx, added, INVALID);
    await tx.suite.update({
      where: { id: suiteId },
      data: {
        overlapK: after.overlapK,
        holdSeconds: after.holdMinutes * 60,
        goldShare: after.goldShare,
        guidelines: after.guidelines,
        adjudicationRule: after.adjudicationRule as unknown as Prisma.InputJsonObject,
        ...(after.paused !== before.paused ? { pausedAt: after.paused ? new Date() : null } : {}),
        ...(after.archived !== before.archived ? { archivedAt: after.archived ? new Date() : null } : {}),
      },
    });
    // k moves every item's free slots by the same amount (slots_left = k − stored ratings).
    if (after.overlapK !== before.overlapK) {
      await tx.$executeRaw`
        UPDATE suite_item SET slots_left = slots_left + ${after.overlapK - before.overlapK}::int WHERE suite_id = ${suiteId}::uuid`;
    }
    if (added.length > 0) await tx.suiteRater.createMany({ data: added.map((userId) => ({ suiteId, userId })) });
    let releasedHolds = 0;
    if (removed.length > 0) {
      await tx.suiteRater.deleteMany({ where: { suiteId, userId: { in: removed } } });
      for (const raterKey of removed) releasedHolds += (await releaseHolds(tx, { suiteId, raterKey })).length;
    }
    const audit = (action: Parameters<typeof recordAuditEvent>[0]["action"], details: Prisma.InputJsonObject) =>
      recordAuditEvent({
        action,
        actorId: options.actor.userId,
        subject: suiteId,
        origin: options.origin,
        details,
        client: tx,
      });
    const changes = settingChanges(before, after, { skip: ["paused", "archived"], byLength: ["guidelines"] });
    if (Object.keys(changes).length > 0) {
      await audit("suite.updated", {
        ...(changes as Prisma.InputJsonObject),
        ...(removed.length > 0 || added.length > 0
          ? { raters_added: added, raters_removed: removed, holds_released: releasedHolds }
          : {}),
      });
    }
    for (const transition of suiteStateTransitions(before, after))
      await audit(`suite.${transition.event}`, transition.details);
    return after;
  });
}
