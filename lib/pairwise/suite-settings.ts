// Managing a running pairwise suite as an item suite is managed
// (lib/suites/change-suite.ts): its raters (or open to every rater), its SMEs,
// overlap k (never below what a pair already has), hold time, guidelines, the
// verdict-only option, pause and archive. One transaction per change, audited
// with before and after. Whoever loses access has their live holds released;
// their drafts stay on the rows and their records are never touched.
import "server-only";
import { settingChanges, suiteStateTransitions } from "@/lib/audit/setting-changes";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db, type DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/ids";
import { parseInput } from "@/lib/input";
import { overlapFloorIssue } from "@/lib/suites/overlap-floor";
import { requireActiveRaters } from "@/lib/suites/raters";
import { PairwiseSuitePatchInput } from "./validation";

export type PairwiseSuiteSettings = {
  raterIds: string[];
  openToAllRaters: boolean;
  reviewerIds: string[];
  overlapK: number;
  holdMinutes: number;
  guidelines: string;
  verdictOnly: boolean;
  paused: boolean;
  archived: boolean;
};

const INVALID = "The pairwise suite change is not valid";
const notFound = () => new AppError("NOT_FOUND", "No pairwise suite with this id");

type SettingsRow = {
  open_to_all_raters: boolean;
  overlap_k: number;
  hold_seconds: number;
  guidelines: string;
  verdict_only: boolean;
  paused: boolean;
  archived: boolean;
};

const SETTINGS_COLUMNS = Prisma.sql`open_to_all_raters, overlap_k, hold_seconds, guidelines, verdict_only,
  paused_at IS NOT NULL AS paused, archived_at IS NOT NULL AS archived`;

async function readSettings(client: DbClient, suiteId: string, lock: boolean): Promise<PairwiseSuiteSettings> {
  const [row] = await client.$queryRaw<SettingsRow[]>`
    SELECT ${SETTINGS_COLUMNS} FROM pairwise_suite WHERE id = ${suiteId}::uuid ${lock ? Prisma.sql`FOR UPDATE` : Prisma.empty}`;
  if (!row) throw notFound();
  const raters = await client.pairwiseSuiteRater.findMany({ where: { suiteId }, select: { userId: true } });
  const reviewers = await client.pairwiseSuiteReviewer.findMany({ where: { suiteId }, select: { userId: true } });
  return {
    raterIds: raters.map((rater) => rater.userId).sort(),
    openToAllRaters: row.open_to_all_raters,
    reviewerIds: reviewers.map((reviewer) => reviewer.userId).sort(),
    overlapK: row.overlap_k,
    holdMinutes: row.hold_seconds / 60,
    guidelines: row.guidelines,
    verdictOnly: row.verdict_only,
    paused: row.paused,
    archived: row.archived,
  };
}

export async function getPairwiseSuiteSettings(options: {
  actor: Actor;
  suiteId: string;
}): Promise<PairwiseSuiteSettings> {
  authorize(options.actor, "suites.manage");
  if (!isUuid(options.suiteId)) throw notFound();
  return readSettings(db(), options.suiteId, false);
}

/** Refuses a k below the judgments some pair already has stored, naming how many pairs block it. */
async function checkOverlapK(tx: DbClient, suiteId: string, current: number, wanted: number): Promise<void> {
  if (wanted >= current) return;
  const [row] = await tx.$queryRaw<{ blocking: bigint; most: bigint | null }[]>`
    SELECT count(*) FILTER (WHERE judged > ${wanted}::int) AS blocking, max(judged) AS most
    FROM (SELECT count(*) AS judged FROM pairwise_assignment
          WHERE suite_id = ${suiteId}::uuid AND status = 'submitted' GROUP BY pair_id) per_pair`;
  const issue = overlapFloorIssue({
    wanted,
    most: Number(row?.most ?? wanted),
    blocking: Number(row?.blocking ?? 0),
    unit: "pair",
    stored: "judgment",
  });
  if (issue) throw new AppError("INVALID_INPUT", INVALID, [issue]);
}

/** New SMEs must be active users with the SME role; a current one disabled since may stay (keeping them is no change). */
async function requireReviewers(tx: DbClient, added: string[]): Promise<void> {
  if (added.length === 0) return;
  const smes = await tx.user.findMany({
    where: { id: { in: added }, disabledAt: null, roles: { has: "sme" } },
    select: { id: true },
  });
  const found = new Set(smes.map((user) => user.id));
  const unknown = added.filter((id) => !found.has(id));
  if (unknown.length > 0)
    throw new AppError(
      "INVALID_INPUT",
      INVALID,
      unknown.map((id) => ({ path: "/reviewer_ids", rule: "smeExists", message: `no active SME has id ${id}` })),
    );
}

/** Ends the live pair holds of everyone who may no longer compare the suite's pairs; how many. */
async function releaseLostRaterHolds(tx: DbClient, suiteId: string, after: PairwiseSuiteSettings): Promise<number> {
  if (after.openToAllRaters) return 0;
  return tx.$executeRaw`
    UPDATE pairwise_assignment SET held_until = now()
    WHERE suite_id = ${suiteId}::uuid AND status = 'held' AND held_until > now() AND rater_id <> ALL(${after.raterIds}::text[])`;
}

/** Ends the live review holds of removed SMEs, so another SME of the suite takes the verdict at once; how many. */
async function releaseReviewerHolds(tx: DbClient, suiteId: string, removed: string[]): Promise<number> {
  if (removed.length === 0) return 0;
  return tx.$executeRaw`
    UPDATE pairwise_review_task SET held_until = now()
    WHERE suite_id = ${suiteId}::uuid AND status = 'open' AND held_until > now() AND reviewer_id = ANY(${removed}::text[])`;
}

const difference = (from: string[], without: string[]) => from.filter((id) => !without.includes(id));

export async function changePairwiseSuite(options: {
  actor: Actor;
  suiteId: string;
  input: unknown;
  origin?: RequestOrigin;
}): Promise<PairwiseSuiteSettings> {
  authorize(options.actor, "suites.manage");
  const input = parseInput(PairwiseSuitePatchInput, options.input, INVALID);
  if (!isUuid(options.suiteId)) throw notFound();
  const suiteId = options.suiteId;
  return db().$transaction(async (tx) => {
    const before = await readSettings(tx, suiteId, true);
    const after: PairwiseSuiteSettings = {
      raterIds: input.rater_ids ? [...new Set(input.rater_ids)].sort() : before.raterIds,
      openToAllRaters: input.open_to_all_raters ?? before.openToAllRaters,
      reviewerIds: input.reviewer_ids ? [...new Set(input.reviewer_ids)].sort() : before.reviewerIds,
      overlapK: input.overlap_k ?? before.overlapK,
      holdMinutes: input.hold_minutes ?? before.holdMinutes,
      guidelines: input.guidelines ?? before.guidelines,
      verdictOnly: input.verdict_only ?? before.verdictOnly,
      paused: input.paused ?? before.paused,
      archived: input.archived ?? before.archived,
    };
    await checkOverlapK(tx, suiteId, before.overlapK, after.overlapK);
    const ratersAdded = difference(after.raterIds, before.raterIds);
    const ratersRemoved = difference(before.raterIds, after.raterIds);
    const reviewersAdded = difference(after.reviewerIds, before.reviewerIds);
    const reviewersRemoved = difference(before.reviewerIds, after.reviewerIds);
    await requireActiveRaters(tx, ratersAdded, INVALID);
    await requireReviewers(tx, reviewersAdded);
    await tx.pairwiseSuite.update({
      where: { id: suiteId },
      data: {
        openToAllRaters: after.openToAllRaters,
        overlapK: after.overlapK,
        holdSeconds: after.holdMinutes * 60,
        guidelines: after.guidelines,
        verdictOnly: after.verdictOnly,
        ...(after.paused !== before.paused ? { pausedAt: after.paused ? new Date() : null } : {}),
        ...(after.archived !== before.archived ? { archivedAt: after.archived ? new Date() : null } : {}),
      },
    });
    if (ratersAdded.length > 0)
      await tx.pairwiseSuiteRater.createMany({ data: ratersAdded.map((userId) => ({ suiteId, userId })) });
    if (ratersRemoved.length > 0)
      await tx.pairwiseSuiteRater.deleteMany({ where: { suiteId, userId: { in: ratersRemoved } } });
    if (reviewersAdded.length > 0)
      await tx.pairwiseSuiteReviewer.createMany({ data: reviewersAdded.map((userId) => ({ suiteId, userId })) });
    if (reviewersRemoved.length > 0)
      await tx.pairwiseSuiteReviewer.deleteMany({ where: { suiteId, userId: { in: reviewersRemoved } } });
    const accessChanged = ratersRemoved.length > 0 || after.openToAllRaters !== before.openToAllRaters;
    const holdsReleased = accessChanged ? await releaseLostRaterHolds(tx, suiteId, after) : 0;
    const reviewHoldsReleased = await releaseReviewerHolds(tx, suiteId, reviewersRemoved);
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
    if (Object.keys(changes).length > 0)
      await audit("pairwise_suite.updated", {
        ...(changes as Prisma.InputJsonObject),
        ...(ratersAdded.length > 0 || ratersRemoved.length > 0 || accessChanged
          ? { raters_added: ratersAdded, raters_removed: ratersRemoved, holds_released: holdsReleased }
          : {}),
        ...(reviewersRemoved.length > 0 ? { review_holds_released: reviewHoldsReleased } : {}),
      });
    for (const transition of suiteStateTransitions(before, after))
      await audit(`pairwise_suite.${transition.event}`, transition.details);
    return after;
  });
}
