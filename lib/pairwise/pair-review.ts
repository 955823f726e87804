// An SME's review of a pairwise judge verdict: the pair as the SME sees it
// (blind, in the position fixed at the claim) with the judge's values as the
// starting point, its versioned draft, and its submit — two hybrid records,
// each deriving from the judge's record of the same response, stored with
// their sidecar rows by storePairRecords (as a rater's pair and the judge's
// verdict are). The judge's records are never changed. Hold, draft and
// submit-once with replay are the work-item engine's.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db, type DbClient } from "@/lib/db";
import { isUuid } from "@/lib/ids";
import { parseInput } from "@/lib/input";
import type { Item } from "@/lib/items/types";
import { submitHybridRecord } from "@/lib/records/flow-records";
import { PAIRWISE_REVIEW_TASK_STATUSES, parseStatus, type PairwiseReviewTaskStatus } from "@/lib/statuses";
import {
  draftNotSaved,
  saveWorkItemDraft,
  submitWorkItem,
  workItemNotFound,
  type SavedDraft,
} from "@/lib/work-items/engine";
import { pairDraftToSave } from "./pair-draft";
import { assertPairReviewNotTakenOver } from "./pair-review-claim";
import { pairPrefillOf, type PairPrefill } from "./pair-review-prefill";
import { PAIR_REVIEW_TASK, pairReviewAccess } from "./pair-review-kind";
import { sharedTask, type SharedTask } from "./shared-task";
import { storePairRecords, withResponsePath, type ShownResponse } from "./pairs";
import { PairSubmitInput } from "./validation";

type OwnRow = {
  judge_eval_id: string;
  status: string;
  draft: unknown;
  draft_version: number;
  first_shown_left: boolean | null;
  suite_id: string;
  suite_key: string;
  suite_name: string;
  verdict_only: boolean;
  guidelines: string;
  pair_id: string;
  first_system: string;
  second_system: string;
  first_body: Item;
  second_body: Item;
  first_judge: Record<string, unknown>;
  second_judge_id: string;
  second_judge: Record<string, unknown>;
};

const notFound = () => workItemNotFound(PAIR_REVIEW_TASK);

async function findOwn(client: DbClient, actor: Actor, judgeEvalId: string): Promise<OwnRow> {
  if (!isUuid(judgeEvalId)) throw notFound();
  const [row] = await client.$queryRaw<OwnRow[]>`
    SELECT w.judge_eval_id::text, w.status, w.draft, w.draft_version, w.first_shown_left,
           s.id::text AS suite_id, s.key AS suite_key, s.name AS suite_name, s.verdict_only, s.guidelines,
           p.id::text AS pair_id, p.first_system, p.second_system, fi.body AS first_body, si.body AS second_body,
           fj.body AS first_judge, oj.eval_id::text AS second_judge_id, oj.body AS second_judge
    FROM pairwise_review_task w
    JOIN pairwise_suite s ON s.id = w.suite_id
    JOIN pairwise_pair p ON p.id = w.pair_id
    JOIN item fi ON fi.id = p.first_item_id
    JOIN item si ON si.id = p.second_item_id
    JOIN eval_record fj ON fj.eval_id = w.judge_eval_id
    JOIN pairwise_judgment sc ON sc.eval_id = w.judge_eval_id
    JOIN eval_record oj ON oj.eval_id = sc.opponent_eval_id
    WHERE w.judge_eval_id = ${judgeEvalId}::uuid AND ${pairReviewAccess(actor)}`;
  if (!row) throw notFound();
  return row;
}

/** The pair in the order the SME is shown it: each response with its system (for the server only) and the judge's record of it. */
function shownOrder(row: OwnRow): [ShownResponse & Judged, ShownResponse & Judged] {
  const first = {
    system: row.first_system,
    item: row.first_body,
    judgeEvalId: row.judge_eval_id,
    judge: row.first_judge,
  };
  const second = {
    system: row.second_system,
    item: row.second_body,
    judgeEvalId: row.second_judge_id,
    judge: row.second_judge,
  };
  return row.first_shown_left === false ? [second, first] : [first, second];
}
type Judged = { judgeEvalId: string; judge: Record<string, unknown> };

export type PairReviewView = {
  judgeEvalId: string;
  suite: { id: string; key: string; name: string };
  status: PairwiseReviewTaskStatus;
  draft: unknown;
  draftVersion: number;
  /** What both items share (task id, modality, prompt), once: nothing of either item's own task. */
  task: SharedTask;
  responses: [{ transcript: Item["transcript"] }, { transcript: Item["transcript"] }];
  /** The judge's values in the order shown, its rationale blinded. */
  prefill: PairPrefill;
  judgeModel: string;
  /** The suite asks for a verdict and its reason; the per-response rubric is optional. */
  verdictOnly: boolean;
  /** The suite's guidelines (markdown source). */
  guidelines: string;
};

export async function getPairReview(options: { actor: Actor; judgeEvalId: string }): Promise<PairReviewView> {
  authorize(options.actor, "review.work");
  const row = await findOwn(db(), options.actor, options.judgeEvalId);
  const [left, right] = shownOrder(row);
  const rater = (row.first_judge.rater ?? {}) as { model?: unknown; id?: unknown };
  return {
    judgeEvalId: row.judge_eval_id,
    suite: { id: row.suite_id, key: row.suite_key, name: row.suite_name },
    status: parseStatus(PAIRWISE_REVIEW_TASK_STATUSES, row.status),
    draft: row.draft,
    draftVersion: row.draft_version,
    task: sharedTask(row.first_body),
    responses: [{ transcript: left.item.transcript }, { transcript: right.item.transcript }],
    prefill: pairPrefillOf([
      { system: left.system, record: left.judge },
      { system: right.system, record: right.judge },
    ]),
    judgeModel: String(rater.model ?? rater.id ?? ""),
    verdictOnly: row.verdict_only,
    guidelines: row.guidelines,
  };
}

/** Saves the SME's draft of the pair (the pair draft's shape) if `baseVersion` is current; CONFLICT otherwise. */
export async function savePairReviewDraft(options: {
  /** Milliseconds the page was visible, focused and in use since its last save (lib/work-items/engine.ts bounds it). */
  activeMs?: unknown;
  actor: Actor;
  judgeEvalId: string;
  baseVersion: unknown;
  draft: unknown;
}): Promise<SavedDraft> {
  const { actor, judgeEvalId } = options;
  authorize(actor, "review.work");
  if (!isUuid(judgeEvalId)) throw notFound();
  const saved = await saveWorkItemDraft(db(), PAIR_REVIEW_TASK, {
    id: judgeEvalId,
    access: pairReviewAccess(actor),
    activeMs: options.activeMs,
    draft: options.draft,
    baseVersion: options.baseVersion,
    parseDraft: pairDraftToSave,
  });
  if (saved) return saved;
  await assertPairReviewNotTakenOver(db(), actor, judgeEvalId);
  const current = await findOwn(db(), actor, judgeEvalId);
  throw draftNotSaved(
    PAIR_REVIEW_TASK,
    { status: current.status, draftVersion: current.draft_version, draft: current.draft },
    options.baseVersion,
  );
}

export type SubmittedPairReview = { evalIds: [string, string]; alreadySubmitted: boolean };

/**
 * Stores the SME's verdict as two hybrid records (mirror images on
 * vs_reference, each derived_from the judge's record of the same response)
 * with their sidecar rows, and closes the task. A repeated submit answers
 * with the records the first stored.
 */
export async function submitPairReview(options: {
  /** Milliseconds the page was visible, focused and in use since its last save (lib/work-items/engine.ts bounds it). */
  activeMs?: unknown;
  actor: Actor;
  judgeEvalId: string;
  input: unknown;
}): Promise<SubmittedPairReview> {
  const { actor, judgeEvalId } = options;
  authorize(actor, "review.work");
  const input = parseInput(PairSubmitInput, options.input, "The pair's review is not valid");
  if (!isUuid(judgeEvalId)) throw notFound();
  const outcome = await submitWorkItem(PAIR_REVIEW_TASK, {
    id: judgeEvalId,
    access: pairReviewAccess(actor),
    activeMs: options.activeMs,
    whenNotFound: (tx) => assertPairReviewNotTakenOver(tx, actor, judgeEvalId),
    store: async (tx) => {
      const row = await findOwn(tx, actor, judgeEvalId);
      const shown = shownOrder(row);
      const [leftId, rightId] = await storePairRecords(tx, {
        suite: { id: row.suite_id, key: row.suite_key },
        pairId: row.pair_id,
        assignmentId: null,
        shown,
        drafts: input.responses,
        preference: input.preference,
        rationale: input.rationale,
        verdictOnly: row.verdict_only,
        store: (draft, index) =>
          withResponsePath(index, async () => {
            const stored = await submitHybridRecord({
              actor,
              judgeEvalId: shown[index]!.judgeEvalId,
              draft,
              client: tx,
            });
            return { evalId: stored.evalId, raterType: stored.body.rater.type };
          }),
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
