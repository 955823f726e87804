// Adjudication: a suite's items by status, the adjudication queue (a kind of
// work item: holds and versioned drafts are the engine's), and the submit that
// stores the authoritative record with its sidecar, in one transaction.
import "server-only";
import type { RequestOrigin } from "@/lib/audit/service";
import { recordAuditEvent } from "@/lib/audit/service";
import type { AifRecord } from "@/lib/aif/types";
import { readablePath } from "@/lib/aif/field-labels";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db, type DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/ids";
import { submitAdjudicatedRecord } from "@/lib/records/flow-records";
import { parseStatus, ADJUDICATION_TASK_STATUSES, type AdjudicationTaskStatus } from "@/lib/statuses";
import { suiteItemRatings, type ItemRatings } from "@/lib/suites/item-ratings";
import {
  draftNotSaved,
  holdWorkItem,
  saveWorkItemDraft,
  submittedObject,
  submitWorkItem,
  workItemNotFound,
  type SavedDraft,
} from "@/lib/work-items/engine";
import { ADJUDICATION_TASK, adjudicationAccess, mayAdjudicateSuite } from "./adjudication-task-kind";
import { closestSource } from "./closest-source";
import { consensusDraft } from "./consensus";
import { fieldDecisions, type FieldDecision } from "./decisions";
import {
  claimOpenTask,
  isHeldByAnother,
  lockOwnLiveTask,
  selectOpenTasks,
  syncOpenTasksIfChanged,
  type QueueRow,
} from "./queries";
import { ITEM_STATUSES, type AdjudicationRule, type ItemStatus } from "./rule";
import { suiteRule, type SuiteItemVerdict } from "./suite-verdicts";
import { cachedSuiteItemVerdicts } from "./verdict-cache";

const notFound = () => workItemNotFound(ADJUDICATION_TASK);
const noSuite = () => new AppError("NOT_FOUND", "No suite with this id among those you adjudicate");

/** The suite's rule and hold time, if the actor may adjudicate it (admins: every suite; SMEs: those they are assigned to). */
async function adjudicatedSuite(
  client: DbClient,
  actor: Actor,
  suiteId: string,
): Promise<{ rule: AdjudicationRule; holdSeconds: number }> {
  authorize(actor, "adjudicate");
  if (!isUuid(suiteId)) throw noSuite();
  const [suite] = await client.$queryRaw<{ hold_seconds: number }[]>`
    SELECT s.hold_seconds FROM suite s WHERE s.id = ${suiteId}::uuid AND ${mayAdjudicateSuite(actor, Prisma.sql`s.id`)}`;
  const rule = suite ? await suiteRule(client, suiteId) : undefined;
  if (!suite || !rule) throw noSuite();
  return { rule, holdSeconds: suite.hold_seconds };
}

/** The suite's adjudication rule (for the suite page's editor). */
export async function suiteAdjudicationRule(options: { actor: Actor; suiteId: string }): Promise<AdjudicationRule> {
  return (await adjudicatedSuite(db(), options.actor, options.suiteId)).rule;
}

export type SuiteItemStatuses = { counts: Record<ItemStatus, number>; items: SuiteItemVerdict[] };

/** Every item of the suite with its status (optionally only one status), and the count per status. */
export async function suiteItemStatuses(options: {
  actor: Actor;
  suiteId: string;
  status?: ItemStatus;
}): Promise<SuiteItemStatuses> {
  const { rule } = await adjudicatedSuite(db(), options.actor, options.suiteId);
  const { verdicts } = await cachedSuiteItemVerdicts(db(), options.suiteId, rule);
  const counts = Object.fromEntries(ITEM_STATUSES.map((status) => [status, 0])) as Record<ItemStatus, number>;
  for (const verdict of verdicts) counts[verdict.status] += 1;
  return { counts, items: options.status ? verdicts.filter((verdict) => verdict.status === options.status) : verdicts };
}

export type AdjudicatedSuite = { id: string; key: string; name: string; counts: Record<ItemStatus, number> };

/** The suites the actor adjudicates (admins: every suite; SMEs: those they are assigned to), with their items' statuses. */
export async function adjudicatedSuites(options: { actor: Actor }): Promise<AdjudicatedSuite[]> {
  authorize(options.actor, "adjudicate");
  const suites = await db().$queryRaw<{ id: string; key: string; name: string }[]>`
    SELECT s.id, s.key, s.name FROM suite s WHERE ${mayAdjudicateSuite(options.actor, Prisma.sql`s.id`)} ORDER BY s.created_at DESC, s.id LIMIT 200`;
  const result: AdjudicatedSuite[] = [];
  for (const suite of suites)
    result.push({ ...suite, counts: (await suiteItemStatuses({ actor: options.actor, suiteId: suite.id })).counts });
  return result;
}

/** The suite's adjudication queue, worst disagreement first, brought up to date with its ratings. */
export async function adjudicationQueue(options: { actor: Actor; suiteId: string }): Promise<QueueRow[]> {
  const { rule } = await adjudicatedSuite(db(), options.actor, options.suiteId);
  await syncOpenTasksIfChanged(db(), options.suiteId, await cachedSuiteItemVerdicts(db(), options.suiteId, rule));
  return selectOpenTasks(db(), options.suiteId, options.actor.userId);
}

/**
 * Holds the next adjudication of the suite for the actor: their own held one
 * first, else the worst disagreement nobody holds among items they did not
 * rate. Null when nothing is left.
 */
export async function nextAdjudication(options: {
  actor: Actor;
  suiteId: string;
}): Promise<{ id: string; itemId: string } | null> {
  const { actor, suiteId } = options;
  const { rule } = await adjudicatedSuite(db(), actor, suiteId);
  await syncOpenTasksIfChanged(db(), suiteId, await cachedSuiteItemVerdicts(db(), suiteId, rule));
  const id = await db().$transaction(async (tx) => {
    const { holdSeconds } = await adjudicatedSuite(tx, actor, suiteId);
    const held = await lockOwnLiveTask(tx, actor.userId, suiteId);
    if (held) {
      await holdWorkItem(tx, ADJUDICATION_TASK, { id: held, holdSeconds });
      return held;
    }
    return (await claimOpenTask(tx, actor.userId, suiteId, holdSeconds)) ?? null;
  });
  if (!id) return null;
  const task = await db().adjudicationTask.findUniqueOrThrow({ where: { id }, select: { itemId: true } });
  return { id, itemId: task.itemId };
}

/** An adjudicated item goes back into the queue; its next decision derives from the latest one. */
export async function reopenAdjudication(options: {
  actor: Actor;
  suiteId: string;
  itemId: string;
  origin?: RequestOrigin;
}): Promise<string> {
  const { actor, suiteId, itemId } = options;
  const { rule } = await adjudicatedSuite(db(), actor, suiteId);
  if (!isUuid(itemId)) throw new AppError("NOT_FOUND", "No such item in this suite");
  const verdict = (await cachedSuiteItemVerdicts(db(), suiteId, rule)).verdicts.find(
    (candidate) => candidate.itemId === itemId,
  );
  if (!verdict) throw new AppError("NOT_FOUND", "No such item in this suite");
  if (!verdict.latestDecision) throw new AppError("CONFLICT", "This item has no decision to re-adjudicate");
  const [task] = await db().$queryRaw<{ id: string }[]>`
    INSERT INTO adjudication_task (suite_id, item_id, spread, reasons_count, previous_eval_id)
    VALUES (${suiteId}::uuid, ${itemId}::uuid, ${verdict.spread}, ${verdict.reasons.length}, ${verdict.latestDecision}::uuid)
    ON CONFLICT (suite_id, item_id) WHERE status = 'open' DO UPDATE SET previous_eval_id = excluded.previous_eval_id
    RETURNING id`;
  // Who sent a decided item back, and which decision the next one derives from.
  await recordAuditEvent({
    action: "item.readjudication_requested",
    actorId: actor.userId,
    subject: itemId,
    origin: options.origin,
    details: { suite_id: suiteId, adjudication_id: task!.id, previous_eval_id: verdict.latestDecision },
  });
  return task!.id;
}

export type AdjudicationView = {
  id: string;
  status: AdjudicationTaskStatus;
  ratings: ItemRatings;
  /** The form's starting point: the saved draft, else the consensus. */
  draft: Record<string, unknown>;
  /** Which of the two `draft` is: a first opening shows the consensus prefill, not a restored draft. */
  draftSource: "saved" | "consensus";
  draftVersion: number;
  /** Fields without consensus, for the adjudicator: JSON Pointer and words. */
  undecided: { pointer: string; label: string }[];
  /** The source the adjudicator marked closest, else the one the consensus is closest to (the default choice of derived_from). */
  suggestedClosest: string | undefined;
  previousEvalId: string | null;
  authoritativeEvalId: string | null;
};

async function findOwn(client: DbClient, actor: Actor, id: string) {
  if (!isUuid(id)) throw notFound();
  const [row] = await client.$queryRaw<
    {
      id: string;
      suite_id: string;
      item_id: string;
      status: string;
      draft: Record<string, unknown> | null;
      draft_version: number;
      previous_eval_id: string | null;
      closest_eval_id: string | null;
      authoritative_eval_id: string | null;
    }[]
  >`
    SELECT w.id, w.suite_id, w.item_id, w.status, w.draft, w.draft_version, w.previous_eval_id::text, w.closest_eval_id::text, w.authoritative_eval_id::text
    FROM adjudication_task w WHERE w.id = ${id}::uuid AND ${adjudicationAccess(actor)}`;
  if (!row) throw notFound();
  return row;
}

export async function getAdjudication(options: { actor: Actor; id: string }): Promise<AdjudicationView> {
  const { actor } = options;
  authorize(actor, "adjudicate");
  const row = await findOwn(db(), actor, options.id);
  const { rule } = await adjudicatedSuite(db(), actor, row.suite_id);
  const ratings = await suiteItemRatings({ actor, suiteId: row.suite_id, itemId: row.item_id });
  const sources = ratings.ratings.map((rating) => ({ raterType: rating.raterType, body: rating.body }));
  const consensus = consensusDraft(sources, rule);
  return {
    id: row.id,
    status: parseStatus(ADJUDICATION_TASK_STATUSES, row.status),
    ratings,
    draft: row.draft ?? consensus.draft,
    draftSource: row.draft === null ? "consensus" : "saved",
    draftVersion: row.draft_version,
    undecided: consensus.undecided.map((pointer) => ({ pointer, label: readablePath(pointer) })),
    suggestedClosest:
      row.closest_eval_id ??
      closestSource(
        consensus.draft,
        ratings.ratings.filter((rating) => rating.raterType !== "llm_judge"),
      ),
    previousEvalId: row.previous_eval_id,
    authoritativeEvalId: row.authoritative_eval_id,
  };
}

/** The open adjudication of the item the actor holds, if any (the adjudicator's page is the item's). */
export async function heldAdjudicationOfItem(options: {
  actor: Actor;
  suiteId: string;
  itemId: string;
}): Promise<AdjudicationView | null> {
  const { actor, suiteId, itemId } = options;
  authorize(actor, "adjudicate");
  if (!isUuid(suiteId) || !isUuid(itemId)) return null;
  const [held] = await db().$queryRaw<{ id: string }[]>`
    SELECT w.id FROM adjudication_task w
    WHERE w.suite_id = ${suiteId}::uuid AND w.item_id = ${itemId}::uuid AND w.status = 'open' AND w.held_until > now() AND ${adjudicationAccess(actor)}`;
  return held ? getAdjudication({ actor, id: held.id }) : null;
}

async function assertNotTakenOver(actor: Actor, id: string, client: DbClient = db()): Promise<void> {
  if (await isHeldByAnother(client, actor, id)) {
    throw new AppError(
      "CONFLICT",
      "Your hold on this adjudication ran out and another adjudicator took it over; your draft was not saved. Open the next one.",
    );
  }
}

/** Saves the adjudicator's draft if `baseVersion` is current; otherwise CONFLICT and nothing changes. */
export async function saveAdjudicationDraft(options: {
  /** Milliseconds the page was visible, focused and in use since its last save (lib/work-items/engine.ts bounds it). */
  activeMs?: unknown;
  actor: Actor;
  id: string;
  baseVersion: unknown;
  draft: unknown;
}): Promise<SavedDraft> {
  const { actor, id } = options;
  authorize(actor, "adjudicate");
  if (!isUuid(id)) throw notFound();
  const saved = await saveWorkItemDraft(db(), ADJUDICATION_TASK, {
    id,
    access: adjudicationAccess(actor),
    activeMs: options.activeMs,
    draft: options.draft,
    baseVersion: options.baseVersion,
  });
  if (saved) return saved;
  await assertNotTakenOver(actor, id);
  const row = await findOwn(db(), actor, id);
  throw draftNotSaved(
    ADJUDICATION_TASK,
    { status: row.status, draftVersion: row.draft_version, draft: row.draft },
    options.baseVersion,
  );
}

/** Keeps the adjudicator's choice of the closest source with the task until they submit. */
export async function chooseClosestSource(options: {
  actor: Actor;
  id: string;
  closestEvalId: unknown;
}): Promise<{ closestEvalId: string }> {
  const { actor, id } = options;
  authorize(actor, "adjudicate");
  if (!isUuid(id)) throw notFound();
  const closest = options.closestEvalId;
  const invalid = () =>
    new AppError("INVALID_INPUT", "Choose one of the item's ratings", [
      { path: "/closest_eval_id", rule: "sourceOfItem", message: "must be the eval_id of one of the item's ratings" },
    ]);
  if (typeof closest !== "string" || !isUuid(closest)) throw invalid();
  const updated = await db().$executeRaw`
    UPDATE adjudication_task w SET closest_eval_id = ${closest}::uuid
    WHERE w.id = ${id}::uuid AND w.status = 'open' AND ${adjudicationAccess(actor)}
      AND EXISTS (SELECT 1 FROM suite_rating sr WHERE sr.suite_id = w.suite_id AND sr.item_id = w.item_id AND sr.eval_id = ${closest}::uuid)`;
  if (updated === 0) {
    await findOwn(db(), actor, id);
    throw invalid();
  }
  return { closestEvalId: closest };
}

export type SubmittedAdjudication = { evalId: string; alreadySubmitted: boolean; decisions: FieldDecision[] };

type SourceRow = { eval_id: string; submitted_by_id: string | null; rater_type: string; body: Record<string, unknown> };

/**
 * Stores the authoritative record (rater sme, derived_from the source marked
 * closest, or the previous decision on a re-adjudication), counts it in the
 * suite through the flow "adjudication", stores the sidecar (every source and
 * a decision per field) and an audit event, and closes the task.
 */
export async function submitAdjudication(options: {
  /** Milliseconds the page was visible, focused and in use since its last save (lib/work-items/engine.ts bounds it). */
  activeMs?: unknown;
  actor: Actor;
  id: string;
  draft: unknown;
  closestEvalId?: string;
  origin?: RequestOrigin;
}): Promise<SubmittedAdjudication> {
  const { actor, id } = options;
  authorize(actor, "adjudicate");
  if (!isUuid(id)) throw notFound();
  const outcome = await submitWorkItem(ADJUDICATION_TASK, {
    id,
    access: adjudicationAccess(actor),
    activeMs: options.activeMs,
    whenNotFound: (tx) => assertNotTakenOver(actor, id, tx),
    store: async (tx) => {
      const submitted = submittedObject(options.draft);
      const row = await findOwn(tx, actor, id);
      const sources = await tx.$queryRaw<SourceRow[]>`
        SELECT r.eval_id::text, r.submitted_by_id, r.rater_type, r.body FROM suite_rating sr JOIN eval_record r ON r.eval_id = sr.eval_id
        WHERE sr.suite_id = ${row.suite_id}::uuid AND sr.item_id = ${row.item_id}::uuid ORDER BY r.created_at, r.eval_id`;
      // The claim already keeps them apart; a rating submitted since must not slip through.
      // A judge's record names the admin who imported or ran it as its submitter; the judge rated, not the admin.
      if (sources.some((source) => source.submitted_by_id === actor.userId && source.rater_type !== "llm_judge"))
        throw new AppError("FORBIDDEN", "You rated this item; someone else must adjudicate it");
      // As sent, else as chosen on the page, else the source the decision is closest to.
      const chosen =
        options.closestEvalId ??
        row.closest_eval_id ??
        closestSource(
          submitted,
          sources.map((source) => ({ evalId: source.eval_id, body: source.body })),
        );
      const closest = sources.find((source) => source.eval_id === chosen);
      if (!closest) {
        throw new AppError("INVALID_INPUT", "Choose the source record closest to your decision", [
          {
            path: "/closest_eval_id",
            rule: "sourceOfItem",
            message: "must be the eval_id of one of the item's ratings",
          },
        ]);
      }
      const closestBody = closest.body as unknown as AifRecord;
      // The item context is the sources': every record rates the same thing.
      const draft = { ...submitted, task: closestBody.task, subject: closestBody.subject };
      const stored = await submitAdjudicatedRecord({
        actor,
        draft,
        origin: options.origin,
        client: tx,
        derivedFrom: row.previous_eval_id ?? closest.eval_id,
        countedIn: { suiteId: row.suite_id, itemId: row.item_id, flow: "adjudication" },
      });
      const decisions = fieldDecisions(
        stored.body as unknown as Record<string, unknown>,
        sources.map((source) => ({ evalId: source.eval_id, body: source.body })),
      );
      await tx.adjudication.create({
        data: {
          evalId: stored.evalId,
          suiteId: row.suite_id,
          itemId: row.item_id,
          adjudicatorId: actor.userId,
          closestEvalId: closest.eval_id,
          sourceEvalIds: sources.map((source) => source.eval_id),
          decisions: decisions as unknown as Prisma.InputJsonArray,
        },
      });
      await recordAuditEvent({
        action: "item.adjudicated",
        actorId: actor.userId,
        subject: stored.evalId,
        origin: options.origin,
        client: tx,
      });
      return { resultId: stored.evalId, decisions };
    },
  });
  if (outcome.alreadySubmitted) {
    const sidecar = await db().adjudication.findUnique({
      where: { evalId: outcome.resultId },
      select: { decisions: true },
    });
    return {
      evalId: outcome.resultId,
      alreadySubmitted: true,
      decisions: (sidecar?.decisions ?? []) as unknown as FieldDecision[],
    };
  }
  return { evalId: outcome.resultId, alreadySubmitted: false, decisions: outcome.decisions };
}
