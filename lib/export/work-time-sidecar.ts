// The work-time sidecar (issue 38): for each record of an export that a person
// produced through a work item (a rater's assignment or pair, an SME's review,
// an adjudication), when the item was claimed, when it was submitted, and the
// active time their page reported (bounded by the server: lib/work-items/engine.ts).
// Never in the AIF record itself: the schema has no place for it.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { db } from "@/lib/db";
import type { WorkKindName } from "@/lib/work-items/active-time";
import { completedExport, exportChunks, textStream } from "./export-runs";

type WorkTimeRow = {
  eval_id: string;
  work_kind: WorkKindName;
  claimed_at: Date | null;
  submitted_at: Date | null;
  active_ms: number;
};

/** One JSON line per such record, in file order; a pair's time is on both of its records. */
export async function exportWorkTimes(options: {
  actor: Actor;
  exportId: string;
}): Promise<ReadableStream<Uint8Array>> {
  const found = await completedExport(options.actor, options.exportId);
  async function* parts(): AsyncGenerator<string> {
    for await (const chunk of exportChunks(found.id)) {
      const rows = await db().$queryRaw<WorkTimeRow[]>`
        SELECT e.eval_id::text, w.work_kind, w.claimed_at, w.submitted_at, w.active_ms
        FROM unnest(${chunk.evalIds}::uuid[]) WITH ORDINALITY AS e(eval_id, position)
        JOIN LATERAL (
          SELECT 'assignment' AS work_kind, a.claimed_at, a.submitted_at, a.active_ms
            FROM assignment a WHERE a.eval_id = e.eval_id
          UNION ALL
          SELECT 'review_task', t.claimed_at, t.reviewed_at, t.active_ms
            FROM review_task t WHERE t.hybrid_eval_id = e.eval_id
          UNION ALL
          SELECT 'adjudication_task', t.claimed_at, t.adjudicated_at, t.active_ms
            FROM adjudication_task t WHERE t.authoritative_eval_id = e.eval_id
          UNION ALL
          SELECT 'pairwise_assignment', pa.claimed_at, pa.submitted_at, pa.active_ms
            FROM pairwise_judgment j JOIN pairwise_assignment pa ON pa.id = j.assignment_id WHERE j.eval_id = e.eval_id
          UNION ALL
          SELECT 'pairwise_review_task', t.claimed_at, t.reviewed_at, t.active_ms
            FROM pairwise_judgment j JOIN pairwise_review_task t ON t.hybrid_eval_id IN (j.eval_id, j.opponent_eval_id)
            WHERE j.eval_id = e.eval_id AND j.assignment_id IS NULL AND j.judge_run_id IS NULL
          LIMIT 1
        ) w ON true
        ORDER BY e.position`;
      if (rows.length === 0) continue;
      yield rows.map((row) => `${JSON.stringify(workTimeLine(row))}\n`).join("");
    }
  }
  return textStream(parts());
}

function workTimeLine(row: WorkTimeRow) {
  const wallMs =
    row.claimed_at && row.submitted_at ? Math.max(0, row.submitted_at.getTime() - row.claimed_at.getTime()) : null;
  return {
    eval_id: row.eval_id,
    work_kind: row.work_kind,
    claimed_at: row.claimed_at?.toISOString() ?? null,
    submitted_at: row.submitted_at?.toISOString() ?? null,
    wall_seconds: wallMs === null ? null : Math.round(wallMs / 100) / 10,
    active_seconds: Math.round(row.active_ms / 100) / 10,
  };
}
