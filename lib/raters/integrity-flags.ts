// Integrity flags (issue 38 §4): simple, explainable signals that a person's
// ratings may not be real judgments, computed from the stored work each time
// (nothing to keep in step). Each names its evidence; an admin may dismiss one
// with a reason (audited), and the same flag on new evidence shows again.
//   too_fast          ≥ 3 items in the window submitted at more than 60 characters of item text per active second
//                     (about 3× a careful reading pace of ~20 characters a second)
//   straight_lining   the same score on every universal dimension in each of their last 10 ratings
//   position_bias     in pairs, the left (or right) response preferred in ≥ 80 % of at least 20 non-tied verdicts
//   broken_for_all    an item every rater of the suite skipped as broken (it is held back from share links)
import "server-only";
import { UNIVERSAL_DIMENSIONS } from "@/lib/aif/contract-facts";
import { ratedScoreSql } from "@/lib/aif/not-rated";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/input";
import { z } from "zod";

export const FLAG_KINDS = ["too_fast", "straight_lining", "position_bias", "broken_for_all"] as const;
export type FlagKind = (typeof FLAG_KINDS)[number];

export type IntegrityFlag = {
  /** kind:subject:suite — what a dismissal names. */
  key: string;
  kind: FlagKind;
  /** The person, or for broken_for_all the item's task id. */
  subject: { kind: "person"; id: string; name: string } | { kind: "item"; id: string; taskId: string };
  suite: { id: string; key: string; name: string };
  /** In words, with the figures. */
  evidence: string;
  /** The evidence's figures as a string: a dismissal holds for this evidence only. */
  evidenceKey: string;
};

export const TOO_FAST_CHARS_PER_SECOND = 60;
const TOO_FAST_MIN_ITEMS = 3;
export const STRAIGHT_LINE_ITEMS = 10;
const POSITION_MIN_VERDICTS = 20;
const POSITION_SHARE = 0.8;
const WINDOW_DAYS = 30;

type SuiteRow = { suite_id: string; suite_key: string; suite_name: string };

async function tooFast(since: Date): Promise<IntegrityFlag[]> {
  const rows = await db().$queryRaw<(SuiteRow & { person_id: string; name: string; fast: number; timed: number })[]>`
    WITH timed AS (
      SELECT a.user_id, a.suite_id, a.active_ms,
             (SELECT coalesce(sum(length(part #>> '{}')), 0) FROM jsonb_path_query(i.body, 'strict $.**.text') part
              WHERE jsonb_typeof(part) = 'string') AS chars
      FROM assignment a JOIN item i ON i.id = a.item_id
      WHERE a.status = 'submitted' AND a.user_id IS NOT NULL AND a.active_ms > 0 AND a.submitted_at >= ${since}
    )
    SELECT t.user_id AS person_id, u.name, s.id::text AS suite_id, s.key AS suite_key, s.name AS suite_name,
           count(*) FILTER (WHERE t.chars * 1000.0 / t.active_ms > ${TOO_FAST_CHARS_PER_SECOND})::int AS fast,
           count(*)::int AS timed
    FROM timed t JOIN suite s ON s.id = t.suite_id JOIN app_user u ON u.id = t.user_id
    GROUP BY t.user_id, u.name, s.id, s.key, s.name
    HAVING count(*) FILTER (WHERE t.chars * 1000.0 / t.active_ms > ${TOO_FAST_CHARS_PER_SECOND}) >= ${TOO_FAST_MIN_ITEMS}`;
  return rows.map((row) =>
    personFlag(
      "too_fast",
      row,
      `${row.fast} of ${row.timed} timed items submitted at more than ${TOO_FAST_CHARS_PER_SECOND} characters of item text per active second`,
      `${row.fast}/${row.timed}`,
    ),
  );
}

async function straightLining(): Promise<IntegrityFlag[]> {
  const scores = UNIVERSAL_DIMENSIONS.map((dimension) =>
    ratedScoreSql(`(r.body -> 'universal' -> '${dimension}')`),
  ).join(", ");
  const rows = await db().$queryRawUnsafe<
    (SuiteRow & { person_id: string; name: string; score: string; last_eval_id: string })[]
  >(
    `WITH recent AS (
       SELECT a.user_id, a.suite_id, a.eval_id, a.submitted_at, ARRAY[${scores}]::text[] AS scores,
              row_number() OVER (PARTITION BY a.user_id, a.suite_id ORDER BY a.submitted_at DESC) AS n
       FROM assignment a JOIN eval_record r ON r.eval_id = a.eval_id
       WHERE a.status = 'submitted' AND a.user_id IS NOT NULL
     ), lines AS (
       SELECT user_id, suite_id, eval_id, n,
              (SELECT count(DISTINCT v) FROM unnest(scores) v WHERE v IS NOT NULL) AS distinct_scores,
              (SELECT min(v) FROM unnest(scores) v) AS score
       FROM recent WHERE n <= $1
     )
     SELECT l.user_id AS person_id, u.name, s.id::text AS suite_id, s.key AS suite_key, s.name AS suite_name,
            min(l.score) AS score, (array_agg(l.eval_id::text ORDER BY l.n))[1] AS last_eval_id
     FROM lines l JOIN suite s ON s.id = l.suite_id JOIN app_user u ON u.id = l.user_id
     GROUP BY l.user_id, u.name, s.id, s.key, s.name
     HAVING count(*) = $1 AND bool_and(l.distinct_scores = 1)`,
    STRAIGHT_LINE_ITEMS,
  );
  return rows.map((row) =>
    personFlag(
      "straight_lining",
      row,
      `the same score on every universal dimension in each of their last ${STRAIGHT_LINE_ITEMS} ratings (scores ${row.score} and alike)`,
      row.last_eval_id,
    ),
  );
}

async function positionBias(): Promise<IntegrityFlag[]> {
  // The row of the response shown on the left carries the verdict from the left's side.
  const rows = await db().$queryRaw<
    {
      person_id: string;
      name: string;
      suite_id: string;
      suite_key: string;
      suite_name: string;
      left: number;
      right: number;
    }[]
  >`
    SELECT pa.rater_id AS person_id, u.name, s.id::text AS suite_id, s.key AS suite_key, s.name AS suite_name,
           count(*) FILTER (WHERE j.preference IN ('better', 'much_better'))::int AS left,
           count(*) FILTER (WHERE j.preference IN ('worse', 'much_worse'))::int AS right
    FROM pairwise_judgment j JOIN pairwise_assignment pa ON pa.id = j.assignment_id
    JOIN pairwise_suite s ON s.id = j.suite_id JOIN app_user u ON u.id = pa.rater_id
    WHERE j.shown_position = 'left'
    GROUP BY pa.rater_id, u.name, s.id, s.key, s.name`;
  return rows.flatMap((row) => {
    const decided = row.left + row.right;
    const share = decided > 0 ? Math.max(row.left, row.right) / decided : 0;
    if (decided < POSITION_MIN_VERDICTS || share < POSITION_SHARE) return [];
    const side = row.left >= row.right ? "left" : "right";
    return [
      personFlag(
        "position_bias",
        row,
        `preferred the ${side} response in ${Math.max(row.left, row.right)} of ${decided} non-tied verdicts (${Math.round(share * 100)} %)`,
        `${row.left}/${row.right}`,
      ),
    ];
  });
}

async function brokenForAll(): Promise<IntegrityFlag[]> {
  const rows = await db().$queryRaw<(SuiteRow & { item_id: string; task_id: string; raters: number })[]>`
    SELECT si.item_id::text, i.task_id, s.id::text AS suite_id, s.key AS suite_key, s.name AS suite_name,
           (SELECT count(*) FROM suite_rater r WHERE r.suite_id = s.id)::int AS raters
    FROM suite_item si JOIN suite s ON s.id = si.suite_id JOIN item i ON i.id = si.item_id
    WHERE s.archived_at IS NULL AND EXISTS (SELECT 1 FROM suite_rater r WHERE r.suite_id = s.id)
      AND NOT EXISTS (
        SELECT 1 FROM suite_rater r WHERE r.suite_id = s.id AND NOT EXISTS (
          SELECT 1 FROM assignment b WHERE b.suite_id = s.id AND b.item_id = si.item_id AND b.user_id = r.user_id
            AND b.status = 'skipped' AND b.skip_reason = 'broken_content'))`;
  return rows.map((row) => ({
    key: `broken_for_all:${row.item_id}:${row.suite_id}`,
    kind: "broken_for_all" as const,
    subject: { kind: "item" as const, id: row.item_id, taskId: row.task_id },
    suite: { id: row.suite_id, key: row.suite_key, name: row.suite_name },
    evidence: `all ${row.raters} raters of the suite skipped it as broken; it is held back from share links`,
    evidenceKey: String(row.raters),
  }));
}

function personFlag(
  kind: FlagKind,
  row: SuiteRow & { person_id: string; name: string },
  evidence: string,
  evidenceKey: string,
): IntegrityFlag {
  return {
    key: `${kind}:${row.person_id}:${row.suite_id}`,
    kind,
    subject: { kind: "person", id: row.person_id, name: row.name },
    suite: { id: row.suite_id, key: row.suite_key, name: row.suite_name },
    evidence,
    evidenceKey,
  };
}

/** The flags standing now (dismissed ones on the same evidence left out), in kind order. */
export async function integrityFlags(options: { actor: Actor }): Promise<IntegrityFlag[]> {
  authorize(options.actor, "users.manage");
  const since = new Date(Date.now() - WINDOW_DAYS * 86_400_000);
  const [fast, lines, sides, broken, dismissed] = await Promise.all([
    tooFast(since),
    straightLining(),
    positionBias(),
    brokenForAll(),
    db().raterFlagDismissal.findMany({ select: { flagKey: true, evidenceKey: true } }),
  ]);
  const gone = new Set(dismissed.map((row) => `${row.flagKey}\n${row.evidenceKey}`));
  return [...fast, ...lines, ...sides, ...broken].filter((flag) => !gone.has(`${flag.key}\n${flag.evidenceKey}`));
}

const DismissInput = z.object({
  flag_key: z.string().min(1).max(300),
  evidence_key: z.string().min(1).max(300),
  reason: z.string().trim().min(1, "Say why the flag is harmless").max(2000),
});

/** Dismisses a standing flag on its evidence, with a reason; audited. A flag not standing now is NOT_FOUND. */
export async function dismissIntegrityFlag(options: {
  actor: Actor;
  input: unknown;
  origin?: RequestOrigin;
}): Promise<{ dismissed: true }> {
  authorize(options.actor, "users.manage");
  const input = parseInput(DismissInput, options.input, "The dismissal is not valid");
  const standing = (await integrityFlags({ actor: options.actor })).find(
    (flag) => flag.key === input.flag_key && flag.evidenceKey === input.evidence_key,
  );
  if (!standing) {
    throw new AppError("NOT_FOUND", "No such flag stands now (it may have been dismissed, or its evidence changed)");
  }
  await db().$transaction(async (tx) => {
    await tx.raterFlagDismissal.create({
      data: {
        flagKey: input.flag_key,
        evidenceKey: input.evidence_key,
        reason: input.reason,
        dismissedById: options.actor.userId,
      },
    });
    await recordAuditEvent({
      action: "rater_flag.dismissed",
      actorId: options.actor.userId,
      subject: standing.subject.id,
      origin: options.origin,
      client: tx,
      details: { flag: standing.kind, suite_id: standing.suite.id, evidence: standing.evidence, reason: input.reason },
    });
  });
  return { dismissed: true };
}
