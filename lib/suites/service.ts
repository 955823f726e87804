// Suites: an admin gathers imported items into a suite, sets overlap k, the
// gold share, the hold time and who rates it, and watches its progress.
import "server-only";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { parseInput } from "@/lib/input";
import { requireActiveRaters } from "./raters";
import { NewSuiteInput } from "./validation";

export type SuiteSummary = {
  id: string;
  key: string;
  name: string;
  overlapK: number;
  goldShare: number;
  holdSeconds: number;
  items: number;
  goldItems: number;
  completeItems: number;
  ratingsSubmitted: number;
  ratingsNeeded: number;
  paused: boolean;
  archived: boolean;
  createdAt: Date;
};

export async function createSuite(options: {
  actor: Actor;
  input: unknown;
  origin?: RequestOrigin;
}): Promise<SuiteSummary> {
  authorize(options.actor, "suites.manage");
  const input = parseInput(NewSuiteInput, options.input, "The suite is not valid");
  const suiteId = await db().$transaction(async (tx) => {
    if (await tx.suite.findUnique({ where: { key: input.key }, select: { id: true } })) {
      throw new AppError("INVALID_INPUT", "The suite is not valid", [
        { path: "/key", rule: "unique", message: `a suite with key "${input.key}" exists already` },
      ]);
    }
    const raters = (await requireActiveRaters(tx, input.rater_ids, "The suite is not valid")).map((id) => ({ id }));
    const suite = await tx.suite.create({
      data: {
        key: input.key,
        name: input.name,
        overlapK: input.overlap_k,
        goldShare: input.gold_share,
        holdSeconds: input.hold_minutes * 60,
        createdById: options.actor.userId,
        raters: { create: raters.map((rater) => ({ userId: rater.id })) },
      },
    });
    // A stable shuffle (hash of item and suite) so raters do not all start on the file's first lines.
    const added = await tx.$executeRaw`
      INSERT INTO suite_item (suite_id, item_id, position, is_gold, slots_left)
      SELECT ${suite.id}::uuid, i.id, row_number() OVER (ORDER BY md5(i.id::text || ${suite.id})), i.is_gold, ${input.overlap_k}::int
      FROM item i
      WHERE i.import_id = ANY(${input.import_ids}::uuid[]) OR (${input.source_suite_id ?? ""} <> '' AND i.source_suite_id = ${input.source_suite_id ?? ""})`;
    if (added === 0) {
      throw new AppError("INVALID_INPUT", "The suite is not valid", [
        { path: "/import_ids", rule: "hasItems", message: "the chosen imports and source suite id hold no items" },
      ]);
    }
    await recordAuditEvent({
      action: "suite.created",
      actorId: options.actor.userId,
      subject: suite.id,
      origin: options.origin,
      details: { key: suite.key, items: added },
      client: tx,
    });
    return suite.id;
  });
  return getSuite({ actor: options.actor, suiteId });
}

type SummaryRow = {
  id: string;
  key: string;
  name: string;
  overlap_k: number;
  gold_share: number;
  hold_seconds: number;
  created_at: Date;
  paused: boolean;
  archived: boolean;
  items: bigint;
  gold_items: bigint;
  complete_items: bigint;
  ratings_submitted: bigint;
};

function summaryOf(row: SummaryRow): SuiteSummary {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    overlapK: row.overlap_k,
    goldShare: row.gold_share,
    holdSeconds: row.hold_seconds,
    createdAt: row.created_at,
    paused: row.paused,
    archived: row.archived,
    items: Number(row.items),
    goldItems: Number(row.gold_items),
    completeItems: Number(row.complete_items),
    ratingsSubmitted: Number(row.ratings_submitted),
    ratingsNeeded: Number(row.items) * row.overlap_k,
  };
}

async function suiteSummaries(suiteIds: string[] | null, includeArchived = true): Promise<SuiteSummary[]> {
  const rows = await db().$queryRaw<SummaryRow[]>`
    SELECT s.id, s.key, s.name, s.overlap_k, s.gold_share, s.hold_seconds, s.created_at,
           s.paused_at IS NOT NULL AS paused, s.archived_at IS NOT NULL AS archived,
           count(si.item_id) AS items,
           count(si.item_id) FILTER (WHERE si.is_gold) AS gold_items,
           count(si.item_id) FILTER (WHERE si.slots_left = 0) AS complete_items,
           coalesce(sum(s.overlap_k - si.slots_left), 0)::bigint AS ratings_submitted
    FROM suite s LEFT JOIN suite_item si ON si.suite_id = s.id
    WHERE (${suiteIds === null} OR s.id = ANY(${suiteIds ?? []}::uuid[])) AND (${includeArchived} OR s.archived_at IS NULL)
    GROUP BY s.id
    ORDER BY s.created_at DESC`;
  return rows.map(summaryOf);
}

/** Archived suites only when asked for (the export page and "show archived"): they are out of the default listing. */
export async function listSuites(options: { actor: Actor; includeArchived?: boolean }): Promise<SuiteSummary[]> {
  authorize(options.actor, "suites.manage");
  return suiteSummaries(null, options.includeArchived ?? false);
}

export async function getSuite(options: { actor: Actor; suiteId: string }): Promise<SuiteSummary> {
  authorize(options.actor, "suites.manage");
  const [suite] = isUuid(options.suiteId) ? await suiteSummaries([options.suiteId]) : [];
  if (!suite) throw new AppError("NOT_FOUND", "No suite with this id");
  return suite;
}

export type RaterProgress = {
  userId: string;
  name: string;
  email: string;
  submitted: number;
  held: number;
  skipped: number;
  lastSubmittedAt: Date | null;
};

/** Per rater of the suite: ratings submitted, items held now, last activity. */
export async function getRaterProgress(options: { actor: Actor; suiteId: string }): Promise<RaterProgress[]> {
  await getSuite(options);
  const rows = await db().$queryRaw<
    {
      user_id: string;
      name: string;
      email: string;
      submitted: bigint;
      held: bigint;
      skipped: bigint;
      last_submitted_at: Date | null;
    }[]
  >`
    SELECT u.id AS user_id, u.name, u.email,
           count(a.id) FILTER (WHERE a.status = 'submitted') AS submitted,
           count(a.id) FILTER (WHERE a.status = 'held' AND a.held_until > now()) AS held,
           count(a.id) FILTER (WHERE a.status = 'skipped') AS skipped,
           max(a.submitted_at) AS last_submitted_at
    FROM suite_rater r JOIN app_user u ON u.id = r.user_id
    LEFT JOIN assignment a ON a.suite_id = r.suite_id AND a.rater_key = r.user_id
    WHERE r.suite_id = ${options.suiteId}::uuid
    GROUP BY u.id ORDER BY u.name`;
  return rows.map((row) => ({
    userId: row.user_id,
    name: row.name,
    email: row.email,
    submitted: Number(row.submitted),
    held: Number(row.held),
    skipped: Number(row.skipped),
    lastSubmittedAt: row.last_submitted_at,
  }));
}

export type RaterSuite = {
  id: string;
  key: string;
  name: string;
  overlapK: number;
  mySubmitted: number;
  availableToMe: number;
  myHeldAssignmentId: string | null;
  /** Paused by an admin: no items are handed out; the queue says so. */
  paused: boolean;
};

/** The queue page: the suites the actor rates (archived ones are out), with their own progress. Nobody else's ratings. */
export async function suitesForRater(options: { actor: Actor }): Promise<RaterSuite[]> {
  authorize(options.actor, "queue.work");
  const userId = options.actor.userId;
  const rows = await db().$queryRaw<
    {
      id: string;
      key: string;
      name: string;
      overlap_k: number;
      my_submitted: bigint;
      available: bigint;
      held_id: string | null;
      paused: boolean;
    }[]
  >`
    SELECT s.id, s.key, s.name, s.overlap_k, s.paused_at IS NOT NULL AS paused,
           (SELECT count(*) FROM assignment a WHERE a.suite_id = s.id AND a.rater_key = ${userId} AND a.status = 'submitted') AS my_submitted,
           (SELECT count(*) FROM suite_item si WHERE si.suite_id = s.id AND si.slots_left > 0
              AND NOT EXISTS (SELECT 1 FROM assignment a WHERE a.suite_id = si.suite_id AND a.item_id = si.item_id AND a.rater_key = ${userId})) AS available,
           (SELECT a.id FROM assignment a WHERE a.suite_id = s.id AND a.rater_key = ${userId} AND a.status = 'held' ORDER BY a.created_at LIMIT 1) AS held_id
    FROM suite s JOIN suite_rater r ON r.suite_id = s.id AND r.user_id = ${userId}
    WHERE s.archived_at IS NULL
    ORDER BY s.created_at DESC`;
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    name: row.name,
    overlapK: row.overlap_k,
    mySubmitted: Number(row.my_submitted),
    availableToMe: Number(row.available),
    myHeldAssignmentId: row.held_id,
    paused: row.paused,
  }));
}
