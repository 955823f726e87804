// Exports after the fact: their status, their manifest (filter, count, origin,
// the file's hash and every record's hash) and the review-decision, adjudication and pairwise sidecars.
// Manifest and sidecar are streamed from record_export_chunk page by page.
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { formatDigest } from "@/lib/records/canonical-hash";
import { EXPORT_MANIFEST_VERSION, exportOrigin } from "./export-info";

export type ExportView = {
  id: string;
  /** `interrupted`: still marked streaming, but no page was written for longer than a stalled download may last. */
  /** `prepared`: started with POST /api/exports, its file not fetched yet. */
  status: "prepared" | "streaming" | "complete" | "aborted" | "failed" | "interrupted";
  format: string;
  filter: Record<string, unknown>;
  count: number;
  exported: number;
  bytes: number;
  file_sha256: string | null;
  failure: string | null;
  created_at: string;
  finished_at: string | null;
};

type ExportRow = Awaited<ReturnType<ReturnType<typeof db>["recordExport"]["findFirstOrThrow"]>>;

function view(row: ExportRow): ExportView {
  const stalledSince = Date.now() - getEnv().EVALFORM_EXPORT_IDLE_TIMEOUT_MS - 60_000;
  const interrupted = row.status === "streaming" && row.updatedAt.getTime() < stalledSince;
  return {
    id: row.id,
    status: interrupted ? "interrupted" : (row.status as ExportView["status"]),
    format: row.format,
    filter: row.filter as Record<string, unknown>,
    count: row.recordCount,
    exported: row.exported,
    bytes: Number(row.bytes),
    file_sha256: row.fileSha256,
    failure: row.failure,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export async function listExports(options: { actor: Actor; limit?: number }): Promise<ExportView[]> {
  authorize(options.actor, "records.export");
  const rows = await db().recordExport.findMany({
    orderBy: { createdAt: "desc" },
    take: Math.min(Math.max(options.limit ?? 20, 1), 100),
  });
  return rows.map(view);
}

export async function getExport(options: { actor: Actor; exportId: string }): Promise<ExportView> {
  authorize(options.actor, "records.export");
  const row = isUuid(options.exportId) ? await db().recordExport.findUnique({ where: { id: options.exportId } }) : null;
  if (!row) throw new AppError("NOT_FOUND", "No export with this id");
  return view(row);
}

export async function completedExport(actor: Actor, exportId: string): Promise<ExportView> {
  const found = await getExport({ actor, exportId });
  if (found.status !== "complete")
    throw new AppError(
      "CONFLICT",
      `The export is ${found.status}; a manifest and sidecars exist only for a complete export`,
    );
  return found;
}

type Chunk = { seq: number; evalIds: string[]; hashes: Uint8Array };

// A few chunks (one page of records each) at a time.
export async function* exportChunks(exportId: string): AsyncGenerator<Chunk> {
  let nextSeq = 0;
  for (;;) {
    const chunks = await db().recordExportChunk.findMany({
      where: { exportId, seq: { gte: nextSeq } },
      orderBy: { seq: "asc" },
      take: 10,
    });
    if (chunks.length === 0) return;
    yield* chunks;
    nextSeq = chunks[chunks.length - 1]!.seq + 1;
  }
}

export function textStream(parts: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await parts.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
}

/** The manifest as one JSON document; `records` lists every record in file order. */
export async function exportManifest(options: { actor: Actor; exportId: string }): Promise<ReadableStream<Uint8Array>> {
  const found = await completedExport(options.actor, options.exportId);
  const header = {
    manifest_version: EXPORT_MANIFEST_VERSION,
    export_id: found.id,
    created_at: found.created_at,
    finished_at: found.finished_at,
    app: exportOrigin.app,
    schema: exportOrigin.schema,
    format: found.format,
    filter: found.filter,
    count: found.count,
    file: { bytes: found.bytes, sha256: found.file_sha256 },
    record_hash: exportOrigin.record_hash,
  };
  async function* parts(): AsyncGenerator<string> {
    yield `${JSON.stringify(header, null, 1).slice(0, -2)},\n "records": [`;
    let first = true;
    for await (const chunk of exportChunks(found.id)) {
      let text = "";
      chunk.evalIds.forEach((evalId, index) => {
        text += `${first ? "" : ","}\n  {"eval_id":"${evalId}","sha256":"${formatDigest(chunk.hashes.subarray(32 * index, 32 * index + 32))}"}`;
        first = false;
      });
      yield text;
    }
    yield "\n ]\n}\n";
  }
  return textStream(parts());
}

type DecisionRow = {
  eval_id: string;
  derived_from: string | null;
  path: string;
  decision: string;
  judge_value: unknown;
  final_value: unknown;
};

/**
 * The review decisions of the hybrid records in the export, one JSON line per
 * field, in file order: kept beside the records so the records stay exactly
 * schema-valid. `judge_value` / `value` are absent where there was none.
 */
export async function exportDecisions(options: {
  actor: Actor;
  exportId: string;
}): Promise<ReadableStream<Uint8Array>> {
  const found = await completedExport(options.actor, options.exportId);
  async function* parts(): AsyncGenerator<string> {
    for await (const chunk of exportChunks(found.id)) {
      const rows = await db().$queryRaw<DecisionRow[]>`
        SELECT d.hybrid_eval_id::text AS eval_id, r.derived_from::text AS derived_from, d.path, d.decision, d.judge_value, d.final_value
        FROM unnest(${chunk.evalIds}::uuid[]) WITH ORDINALITY AS e(eval_id, position)
        JOIN review_decision d ON d.hybrid_eval_id = e.eval_id
        JOIN eval_record r ON r.eval_id = d.hybrid_eval_id
        ORDER BY e.position, d.path`;
      if (rows.length === 0) continue;
      yield rows
        .map(
          (row) =>
            `${JSON.stringify({
              eval_id: row.eval_id,
              derived_from: row.derived_from,
              field: row.path,
              decision: row.decision,
              ...(row.judge_value === null ? {} : { judge_value: row.judge_value }),
              ...(row.final_value === null ? {} : { value: row.final_value }),
            })}\n`,
        )
        .join("");
    }
  }
  return textStream(parts());
}

type AdjudicationRow = {
  eval_id: string;
  derived_from: string | null;
  suite_key: string;
  task_id: string;
  adjudicator_id: string;
  closest_eval_id: string;
  source_eval_ids: string[];
  decisions: unknown;
};

/**
 * The adjudication sidecar: one JSON line per authoritative record in the
 * export, in file order, naming every source eval_id, the source marked
 * closest, and per field whether a source's value was kept (and whose),
 * edited or removed.
 */
export async function exportAdjudications(options: {
  actor: Actor;
  exportId: string;
}): Promise<ReadableStream<Uint8Array>> {
  const found = await completedExport(options.actor, options.exportId);
  async function* parts(): AsyncGenerator<string> {
    for await (const chunk of exportChunks(found.id)) {
      const rows = await db().$queryRaw<AdjudicationRow[]>`
        SELECT a.eval_id::text, r.derived_from::text AS derived_from, s.key AS suite_key, i.task_id, a.adjudicator_id,
               a.closest_eval_id::text, a.source_eval_ids::text[] AS source_eval_ids, a.decisions
        FROM unnest(${chunk.evalIds}::uuid[]) WITH ORDINALITY AS e(eval_id, position)
        JOIN adjudication a ON a.eval_id = e.eval_id
        JOIN eval_record r ON r.eval_id = a.eval_id
        JOIN suite s ON s.id = a.suite_id JOIN item i ON i.id = a.item_id
        ORDER BY e.position`;
      if (rows.length === 0) continue;
      yield rows
        .map(
          (row) =>
            `${JSON.stringify({
              eval_id: row.eval_id,
              derived_from: row.derived_from,
              suite_id: row.suite_key,
              task_id: row.task_id,
              adjudicator_id: row.adjudicator_id,
              closest_eval_id: row.closest_eval_id,
              source_eval_ids: row.source_eval_ids,
              fields: row.decisions,
            })}\n`,
        )
        .join("");
    }
  }
  return textStream(parts());
}

type PairwiseRow = {
  eval_id: string;
  opponent_eval_id: string;
  suite_key: string;
  design: string;
  baseline_system: string | null;
  systems: string[];
  pair_id: string;
  task_id: string;
  assignment_id: string | null;
  judge_run_id: string | null;
  system: string;
  opponent_system: string;
  shown_position: string;
  preference: string;
  rater_type: string;
  response_length: number;
  opponent_length: number;
  preference_shown_left: string | null;
  preference_shown_right: string | null;
  modalities: string[];
  tags: string[];
};

/**
 * The pairwise sidecar: one JSON line per pairwise record in the export, in
 * file order — its pair, opponent (system and eval_id), the position it was
 * shown in, the verdict from its side, both response lengths, a judge's two
 * raw order verdicts, its suite's design, baseline and systems, and its pair's
 * items' modalities and tags (the leaderboard's slices) — all that
 * `evalform leaderboard` needs besides the records to recompute the leaderboard.
 */
export async function exportPairwise(options: { actor: Actor; exportId: string }): Promise<ReadableStream<Uint8Array>> {
  const found = await completedExport(options.actor, options.exportId);
  async function* parts(): AsyncGenerator<string> {
    for await (const chunk of exportChunks(found.id)) {
      const rows = await db().$queryRaw<PairwiseRow[]>`
        SELECT j.eval_id::text, j.opponent_eval_id::text, s.key AS suite_key, s.design, s.baseline_system, s.systems,
               j.pair_id::text, p.task_id, j.assignment_id::text, j.judge_run_id::text, j.system, j.opponent_system,
               j.shown_position, j.preference, j.rater_type, j.response_length, j.opponent_length,
               j.preference_shown_left, j.preference_shown_right, f.modalities, f.tags
        FROM unnest(${chunk.evalIds}::uuid[]) WITH ORDINALITY AS e(eval_id, position)
        JOIN pairwise_judgment j ON j.eval_id = e.eval_id
        JOIN pairwise_suite s ON s.id = j.suite_id
        JOIN pairwise_pair p ON p.id = j.pair_id
        CROSS JOIN LATERAL (
          SELECT coalesce(array_agg(DISTINCT i.modality ORDER BY i.modality) FILTER (WHERE i.modality IS NOT NULL), '{}') AS modalities,
                 coalesce((SELECT array_agg(DISTINCT t.key || '=' || t.value ORDER BY t.key || '=' || t.value)
                           FROM item ti, jsonb_each_text(coalesce(ti.body -> 'tags', '{}'::jsonb)) t
                           WHERE ti.id IN (p.first_item_id, p.second_item_id)), '{}') AS tags
          FROM item i WHERE i.id IN (p.first_item_id, p.second_item_id)) f
        ORDER BY e.position`;
      if (rows.length === 0) continue;
      yield rows
        .map(
          (row) =>
            `${JSON.stringify({
              eval_id: row.eval_id,
              opponent_eval_id: row.opponent_eval_id,
              suite_id: row.suite_key,
              design: row.design,
              baseline_system: row.baseline_system,
              systems: row.systems,
              pair_id: row.pair_id,
              task_id: row.task_id,
              assignment_id: row.assignment_id,
              judge_run_id: row.judge_run_id,
              system: row.system,
              opponent_system: row.opponent_system,
              shown_position: row.shown_position,
              preference: row.preference,
              rater_type: row.rater_type,
              response_length: row.response_length,
              opponent_length: row.opponent_length,
              preference_shown_left: row.preference_shown_left,
              preference_shown_right: row.preference_shown_right,
              modalities: row.modalities,
              tags: row.tags,
            })}\n`,
        )
        .join("");
    }
  }
  return textStream(parts());
}
