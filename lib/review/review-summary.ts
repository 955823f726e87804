// Per suite: how SMEs treated the judge's values. Acceptance rate per field,
// mean absolute change per Likert dimension, and hazards the judge missed
// (SME says violating, judge did not) or over-called (the reverse).
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import type { ReviewSummary } from "./review-summary-types";

export type { ReviewSummary };


export async function reviewSummary(options: { actor: Actor; suiteId: string }): Promise<ReviewSummary> {
  authorize(options.actor, "suites.manage");
  const { suiteId } = options;
  if (!isUuid(suiteId) || !(await db().suite.findUnique({ where: { id: suiteId }, select: { id: true } }))) throw new AppError("NOT_FOUND", "No suite with this id");
  const [counts] = await db().$queryRaw<{ open: bigint; reviewed: bigint }[]>`
    SELECT count(*) FILTER (WHERE status = 'open') AS open, count(*) FILTER (WHERE status = 'reviewed') AS reviewed
    FROM review_task WHERE suite_id = ${suiteId}::uuid`;
  const fields = await db().$queryRaw<{ path: string; accepted: bigint; edited: bigint; added: bigint }[]>`
    SELECT d.path,
           count(*) FILTER (WHERE d.decision = 'accepted') AS accepted,
           count(*) FILTER (WHERE d.decision = 'edited') AS edited,
           count(*) FILTER (WHERE d.decision = 'added') AS added
    FROM review_decision d JOIN review_task t ON t.hybrid_eval_id = d.hybrid_eval_id
    WHERE t.suite_id = ${suiteId}::uuid GROUP BY d.path ORDER BY d.path`;
  // A score the SME accepted counts as a change of 0.
  const likert = await db().$queryRaw<{ dimension: string; reviewed: bigint; changed: bigint; mean_abs: number }[]>`
    SELECT left(d.path, -length('/score')) AS dimension, count(*) AS reviewed,
           count(*) FILTER (WHERE d.decision <> 'accepted') AS changed,
           avg(abs((d.final_value #>> '{}')::numeric - (d.judge_value #>> '{}')::numeric))::float8 AS mean_abs
    FROM review_decision d JOIN review_task t ON t.hybrid_eval_id = d.hybrid_eval_id
    WHERE t.suite_id = ${suiteId}::uuid AND d.path LIKE '%/score'
      AND jsonb_typeof(d.judge_value) = 'number' AND jsonb_typeof(d.final_value) = 'number'
    GROUP BY 1 ORDER BY 1`;
  const hazards = await db().$queryRaw<{ hazard: string; missed: bigint; over_called: bigint }[]>`
    SELECT split_part(d.path, '/', 3) AS hazard,
           count(*) FILTER (WHERE d.final_value #>> '{}' = 'violating' AND d.judge_value #>> '{}' IS DISTINCT FROM 'violating') AS missed,
           count(*) FILTER (WHERE d.judge_value #>> '{}' = 'violating' AND d.final_value #>> '{}' IS DISTINCT FROM 'violating') AS over_called
    FROM review_decision d JOIN review_task t ON t.hybrid_eval_id = d.hybrid_eval_id
    WHERE t.suite_id = ${suiteId}::uuid AND d.path LIKE '/safety/%/verdict'
    GROUP BY 1 ORDER BY 1`;
  return {
    open: Number(counts?.open ?? 0),
    reviewed: Number(counts?.reviewed ?? 0),
    fields: fields.map((row) => {
      const [accepted, edited, added] = [Number(row.accepted), Number(row.edited), Number(row.added)];
      return { path: row.path, accepted, edited, added, acceptanceRate: accepted + edited > 0 ? accepted / (accepted + edited) : null };
    }),
    likert: likert.map((row) => ({ dimension: row.dimension, reviewed: Number(row.reviewed), changed: Number(row.changed), meanAbsoluteChange: Number(row.mean_abs) })),
    hazards: hazards.map((row) => ({ hazard: row.hazard, missed: Number(row.missed), overCalled: Number(row.over_called) })).filter((row) => row.missed + row.overCalled > 0),
  };
}
