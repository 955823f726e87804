// Rating a pair: the next pair for a rater (blind, with a left/right position
// drawn afresh at each claim and fixed from then on), the pair as the rater sees it, and its submit
// — two ordinary AIF records, mirror images on vs_reference, and the pairwise
// sidecar. Hold and submit-once with replay are the work-item engine's.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db, type DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { parseInput } from "@/lib/input";
import type { Item } from "@/lib/items/types";
import { submitRecord } from "@/lib/records/submit-record";
import { PAIRWISE_ASSIGNMENT_STATUSES, parseStatus, type PairwiseAssignmentStatus } from "@/lib/statuses";
import { holdWorkItem, submitWorkItem, workItemNotFound } from "@/lib/work-items/engine";
import { PAIR_ASSIGNMENT, pairAssignmentAccess } from "./pair-kind";
import { mirrorPreference } from "./preference";
import { responseText } from "./response-text";
import { sharedTask, type SharedTask } from "./shared-task";
import { drawShownLeft } from "./shown-side";
import { mayComparePairsSql, PAIRWISE_SUITE_PAUSED_MESSAGE } from "./suite-access";
import { fillNotRated } from "./verdict-only";
import { PairSubmitInput } from "./validation";

export type NextPair = { assignmentId: string; reason: null } | { assignmentId: null; reason: "finished" };

const suiteNotFound = () => new AppError("NOT_FOUND", "No pairwise suite with this id in your queues");

/**
 * The rater's held pair of the suite if any (its hold renewed), else a new
 * claim: the first pair (in the suite's shuffled order) the rater has not had
 * whose submitted and live-held assignments are fewer than overlap k.
 */
export async function nextPair(options: { actor: Actor; suiteId: string }): Promise<NextPair> {
  authorize(options.actor, "queue.work");
  const raterId = options.actor.userId;
  if (!isUuid(options.suiteId)) throw suiteNotFound();
  return db().$transaction(async (tx) => {
    // A suite this rater may not compare, or an archived one, is not found: neither is told apart.
    const [suite] = await tx.$queryRaw<{ overlapK: number; holdSeconds: number; paused: boolean }[]>`
      SELECT s.overlap_k AS "overlapK", s.hold_seconds AS "holdSeconds", s.paused_at IS NOT NULL AS paused
      FROM pairwise_suite s
      WHERE s.id = ${options.suiteId}::uuid AND s.archived_at IS NULL AND ${mayComparePairsSql(raterId)}`;
    if (!suite) throw suiteNotFound();
    if (suite.paused) throw new AppError("CONFLICT", PAIRWISE_SUITE_PAUSED_MESSAGE);
    const held = await tx.pairwiseAssignment.findFirst({
      where: { suiteId: options.suiteId, raterId, status: "held" },
      orderBy: { createdAt: "asc" },
      select: { id: true },
    });
    if (held) {
      await holdWorkItem(tx, PAIR_ASSIGNMENT, { id: held.id, holdSeconds: suite.holdSeconds });
      return { assignmentId: held.id, reason: null };
    }
    // The candidate is locked and waited for (not skipped: a pair another rater is claiming may still have a
    // slot), then counted again in a fresh statement, which sees every claim committed before the lock was
    // granted; a pair that filled up meanwhile is passed over.
    const passedOver: string[] = [];
    let pair: { id: string } | undefined;
    for (let attempt = 0; attempt < 50 && !pair; attempt += 1) {
      const [candidate] = await tx.$queryRaw<{ id: string }[]>`
        SELECT p.id FROM pairwise_pair p
        WHERE p.suite_id = ${options.suiteId}::uuid
          AND p.id <> ALL(${passedOver}::uuid[])
          AND NOT EXISTS (SELECT 1 FROM pairwise_assignment mine WHERE mine.pair_id = p.id AND mine.rater_id = ${raterId})
          AND (SELECT count(*) FROM pairwise_assignment a
               WHERE a.pair_id = p.id AND (a.status = 'submitted' OR a.held_until > now())) < ${suite.overlapK}
        ORDER BY p.position
        LIMIT 1
        FOR UPDATE OF p`;
      if (!candidate) break;
      const [taken] = await tx.$queryRaw<{ n: bigint; mine: bigint }[]>`
        SELECT count(*) FILTER (WHERE a.status = 'submitted' OR a.held_until > now()) AS n,
               count(*) FILTER (WHERE a.rater_id = ${raterId}) AS mine
        FROM pairwise_assignment a WHERE a.pair_id = ${candidate.id}::uuid`;
      if (Number(taken?.n ?? 0) < suite.overlapK && Number(taken?.mine ?? 0) === 0) pair = candidate;
      else passedOver.push(candidate.id);
    }
    if (!pair) return { assignmentId: null, reason: "finished" };
    const created = await tx.pairwiseAssignment.create({
      data: {
        suiteId: options.suiteId,
        pairId: pair.id,
        raterId,
        firstShownLeft: drawShownLeft(),
        heldUntil: new Date(Date.now() + suite.holdSeconds * 1000),
      },
      select: { id: true },
    });
    return { assignmentId: created.id, reason: null };
  });
}

type OwnRow = {
  id: string;
  status: string;
  held_until: Date;
  draft: unknown;
  draft_version: number;
  first_shown_left: boolean;
  left_eval_id: string | null;
  suite_id: string;
  suite_key: string;
  suite_name: string;
  overlap_k: number;
  verdict_only: boolean;
  guidelines: string;
  paused: boolean;
  pair_id: string;
  first_system: string;
  second_system: string;
  first_body: Item;
  second_body: Item;
};

async function findOwn(client: DbClient, raterId: string, assignmentId: string): Promise<OwnRow> {
  if (!isUuid(assignmentId)) throw workItemNotFound(PAIR_ASSIGNMENT);
  const [row] = await client.$queryRaw<OwnRow[]>`
    SELECT a.id, a.status, a.held_until, a.draft, a.draft_version, a.first_shown_left, a.left_eval_id::text,
           s.id::text AS suite_id, s.key AS suite_key, s.name AS suite_name, s.overlap_k, s.verdict_only,
           s.guidelines, s.paused_at IS NOT NULL AS paused,
           p.id::text AS pair_id, p.first_system, p.second_system, fi.body AS first_body, si.body AS second_body
    FROM pairwise_assignment a
    JOIN pairwise_suite s ON s.id = a.suite_id
    JOIN pairwise_pair p ON p.id = a.pair_id
    JOIN item fi ON fi.id = p.first_item_id
    JOIN item si ON si.id = p.second_item_id
    WHERE a.id = ${assignmentId}::uuid AND a.rater_id = ${raterId} AND ${mayComparePairsSql(raterId)}`;
  if (!row) throw workItemNotFound(PAIR_ASSIGNMENT);
  return row;
}

/** The two responses in the order shown: [left, right], with their systems (for the server only). */
function shownOrder(row: OwnRow) {
  const first = { system: row.first_system, item: row.first_body };
  const second = { system: row.second_system, item: row.second_body };
  return row.first_shown_left ? [first, second] : [second, first];
}

export type PairView = {
  id: string;
  suite: { id: string; key: string; name: string };
  status: PairwiseAssignmentStatus;
  heldUntil: Date;
  draft: unknown;
  draftVersion: number;
  /** What both items share (task id, modality, prompt), once: nothing of either item's own task. */
  task: SharedTask;
  /** "Response 1" (left) and "Response 2" (right): transcripts only, the systems stay hidden. */
  responses: [{ transcript: Item["transcript"] }, { transcript: Item["transcript"] }];
  /** The suite asks for a verdict and its reason; the per-response rubric is optional. */
  verdictOnly: boolean;
  /** The suite's guidelines for its raters (markdown source). */
  guidelines: string;
  /** The suite hands out no new pairs now (this one can still be submitted). */
  paused: boolean;
};

export async function getPairAssignment(options: { actor: Actor; assignmentId: string }): Promise<PairView> {
  authorize(options.actor, "queue.work");
  const row = await findOwn(db(), options.actor.userId, options.assignmentId);
  const [left, right] = shownOrder(row);
  return {
    id: row.id,
    suite: { id: row.suite_id, key: row.suite_key, name: row.suite_name },
    status: parseStatus(PAIRWISE_ASSIGNMENT_STATUSES, row.status),
    heldUntil: row.held_until,
    draft: row.draft,
    draftVersion: row.draft_version,
    task: sharedTask(row.first_body),
    responses: [{ transcript: left!.item.transcript }, { transcript: right!.item.transcript }],
    verdictOnly: row.verdict_only,
    guidelines: row.guidelines,
    paused: row.paused,
  };
}

export type SubmittedPair = { evalIds: [string, string]; alreadySubmitted: boolean };

/**
 * Stores the pair's two records and their sidecar rows and closes the
 * assignment, in one transaction. `responses[0]` is Response 1 (left): its
 * record's vs_reference is the preference; the other record holds the mirror.
 * Each record's task.reference is the other response; subject and task come
 * from the items, never from the request. A repeated submit answers with the
 * records the first stored.
 */
export async function submitPair(options: {
  /** Milliseconds the page was visible, focused and in use since its last save (lib/work-items/engine.ts bounds it). */
  activeMs?: unknown;
  actor: Actor;
  assignmentId: string;
  input: unknown;
}): Promise<SubmittedPair> {
  const { actor, assignmentId } = options;
  authorize(actor, "queue.work");
  const input = parseInput(PairSubmitInput, options.input, "The pair's rating is not valid");
  if (!isUuid(assignmentId)) throw workItemNotFound(PAIR_ASSIGNMENT);
  const outcome = await submitWorkItem(PAIR_ASSIGNMENT, {
    id: assignmentId,
    access: pairAssignmentAccess(actor.userId),
    activeMs: options.activeMs,
    store: async (tx) => {
      const row = await findOwn(tx, actor.userId, assignmentId);
      await tx.$queryRaw`SELECT 1 FROM pairwise_pair WHERE id = ${row.pair_id}::uuid FOR UPDATE`;
      const [counted] = await tx.$queryRaw<{ submitted: bigint }[]>`
        SELECT count(*) AS submitted FROM pairwise_assignment WHERE pair_id = ${row.pair_id}::uuid AND status = 'submitted'`;
      if (Number(counted?.submitted ?? 0) >= row.overlap_k)
        throw new AppError(
          "CONFLICT",
          "This pair received all its judgments while your hold had expired; it cannot be submitted. Open the next pair.",
        );
      const [leftId, rightId] = await storePairRecords(tx, {
        suite: { id: row.suite_id, key: row.suite_key },
        pairId: row.pair_id,
        assignmentId,
        shown: shownOrder(row),
        drafts: input.responses,
        preference: input.preference,
        rationale: input.rationale,
        verdictOnly: row.verdict_only,
        store: (draft, index) => storeWithPath(tx, actor, draft, index),
      });
      return { resultId: leftId, rightId };
    },
  });
  if (!outcome.alreadySubmitted) return { evalIds: [outcome.resultId, outcome.rightId], alreadySubmitted: false };
  const sidecar = await db().pairwiseJudgment.findUniqueOrThrow({
    where: { evalId: outcome.resultId },
    select: { opponentEvalId: true },
  });
  return { evalIds: [outcome.resultId, sidecar.opponentEvalId], alreadySubmitted: true };
}

export type ShownResponse = { system: string; item: Item };

/**
 * Stores one judgment of a pair — a rater's submit or an LLM judge's verdict —
 * as two records and their two sidecar rows, in the caller's transaction.
 * `shown[0]` is the response shown left (Response 1 / A); `preference` is from
 * its side and its record's; the other record holds the mirror. `store` puts
 * one record in (attributed to the rater, or the judge's own record). A judge
 * also gives `judge`: its run and its two raw verdicts from `shown[0]`'s side,
 * in the order where shown[0] was left and where it was right; they ride on the
 * sidecar rows, each from that row's own side.
 */
export async function storePairRecords(
  tx: DbClient,
  options: {
    suite: { id: string; key: string };
    pairId: string;
    assignmentId: string | null;
    shown: ShownResponse[];
    drafts: readonly Record<string, unknown>[];
    preference: string;
    rationale: string;
    /** The suite's rubric is optional: each dimension a draft leaves out is stored as not rated. */
    verdictOnly?: boolean;
    store: (draft: Record<string, unknown>, index: number) => Promise<{ evalId: string; raterType: string }>;
    judge?: { runId: string; shownLeft: string; shownRight: string };
  },
): Promise<[string, string]> {
  const { shown, judge } = options;
  const evalIds: string[] = [];
  let raterType = "";
  const preferences = [options.preference, mirrorPreference(options.preference)];
  for (const [index, response] of shown.entries()) {
    const other = shown[1 - index]!;
    const draft = recordDraft({
      draft: options.drafts[index]!,
      index,
      item: response.item,
      otherItem: other.item,
      suiteKey: options.suite.key,
      preference: preferences[index]!,
      rationale: options.rationale,
      verdictOnly: options.verdictOnly ?? false,
    });
    const stored = await options.store(draft, index);
    evalIds.push(stored.evalId);
    raterType = stored.raterType;
  }
  const [leftId, rightId] = evalIds as [string, string];
  // The right response's raw verdicts: where it was left, the left one was right, and vice versa (mirrored).
  const judgeOrders = judge
    ? [
        { shownLeft: judge.shownLeft, shownRight: judge.shownRight },
        { shownLeft: mirrorPreference(judge.shownRight), shownRight: mirrorPreference(judge.shownLeft) },
      ]
    : null;
  await tx.pairwiseJudgment.createMany({
    data: shown.map((response, index) => ({
      evalId: index === 0 ? leftId : rightId,
      opponentEvalId: index === 0 ? rightId : leftId,
      suiteId: options.suite.id,
      pairId: options.pairId,
      assignmentId: options.assignmentId,
      system: response.system,
      opponentSystem: shown[1 - index]!.system,
      shownPosition: index === 0 ? "left" : "right",
      preference: preferences[index]!,
      raterType,
      responseLength: responseText(response.item).length,
      opponentLength: responseText(shown[1 - index]!.item).length,
      ...(judge && judgeOrders
        ? {
            judgeRunId: judge.runId,
            preferenceShownLeft: judgeOrders[index]!.shownLeft,
            preferenceShownRight: judgeOrders[index]!.shownRight,
          }
        : {}),
    })),
  });
  return [leftId, rightId];
}

function recordDraft(options: {
  draft: Record<string, unknown>;
  index: number;
  item: Item;
  otherItem: Item;
  suiteKey: string;
  preference: string;
  rationale: string;
  verdictOnly: boolean;
}): Record<string, unknown> {
  const { draft, index } = options;
  const refuse = (path: string, message: string) =>
    new AppError("INVALID_INPUT", "The pair's rating is not valid", [
      { path: `/responses/${index}${path}`, rule: "notAllowed", message },
    ]);
  if (draft.derived_from !== undefined && draft.derived_from !== null)
    throw refuse("/derived_from", "a pair's judgment is a first rating: it cannot derive from a record");
  const freeform = (draft.freeform ?? {}) as Record<string, unknown>;
  if (freeform.notes !== undefined)
    throw refuse("/freeform/notes", "the pair's rationale is stored here; leave it out");
  const given = (draft.universal ?? {}) as Record<string, unknown>;
  const universal = options.verdictOnly ? fillNotRated(given) : given;
  return {
    ...draft,
    task: { ...options.item.task, suite_id: options.suiteKey, reference: responseText(options.otherItem) },
    subject: options.item.subject,
    universal: { ...universal, vs_reference: options.preference },
    freeform: { ...freeform, notes: options.rationale },
  };
}

async function storeWithPath(
  tx: DbClient,
  actor: Actor,
  draft: unknown,
  index: number,
): Promise<{ evalId: string; raterType: string }> {
  return withResponsePath(index, async () => {
    const stored = await submitRecord({ actor, draft, client: tx });
    return { evalId: stored.evalId, raterType: stored.body.rater.type };
  });
}

/** Stores response `index`'s record; its issues then name their place in the pair's request: /responses/<index>/<path in the record>. */
export async function withResponsePath<T>(index: number, store: () => Promise<T>): Promise<T> {
  try {
    return await store();
  } catch (error) {
    if (!(error instanceof AppError) || error.issues.length === 0) throw error;
    throw new AppError(
      error.code,
      `Response ${index + 1}: ${error.message}`,
      error.issues.map((issue) => ({ ...issue, path: `/responses/${index}${issue.path}` })),
      error.details,
    );
  }
}
