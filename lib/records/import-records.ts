// Import of complete AIF records, e.g. an export of another instance: each is
// checked against the contract and its rules and stored as it is (eval_id,
// created_at and body kept), so importing an export into an empty database
// reproduces it exactly, and importing it again changes nothing. A record may
// come before the one it derives from (the foreign key is checked at commit).
import "server-only";
import type { Readable } from "node:stream";
import type pg from "pg";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import { validateRecord } from "@/lib/aif/validate";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { bulkPool } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { byteLimit } from "@/lib/imports/byte-limit";
import { isPlainObject } from "@/lib/is-plain-object";
import { ingest, type IngestStrategy, type Verdict } from "@/lib/imports/ingest";
import { readEntries } from "@/lib/imports/read-entries";
import { RefusalLog, type Refusal } from "@/lib/imports/refusal-log";
import type { AifRecord } from "@/lib/aif/types";
import { recordDigest } from "./canonical-hash";
import { evalRecordRow, insertEvalRecords, sqlOn, type EvalRecordRow, type RecordSql } from "./eval-record-row";

export type RecordImportError = Refusal;
export type RecordImportReport = {
  format: "jsonl" | "json";
  recordsRead: number;
  /** Newly stored (0 when nothing was stored). */
  imported: number;
  /** Identical records already stored, or repeated in the file. */
  alreadyPresent: number;
  refused: number;
  /** false when a refusal (without storeValid) or a dangling derived_from rolled everything back. */
  stored: boolean;
  errors: RecordImportError[];
};

const BATCH = 1000;

type Accepted = { line: number; row: EvalRecordRow };

export async function importRecords(options: {
  actor: Actor;
  file: Readable;
  /** Store the valid records even when others are refused. */
  storeValid?: boolean;
  origin?: RequestOrigin;
  maxBytes?: number;
  /** The database to import into (tests); the app's bulk pool otherwise. */
  pool?: pg.Pool;
}): Promise<RecordImportReport> {
  authorize(options.actor, "records.import");
  const limited = options.file.pipe(byteLimit(options.maxBytes ?? getEnv().EVALFORM_MAX_UPLOAD_BYTES, () => undefined));
  options.file.on("error", (error) => limited.destroy(error));
  const read = await readEntries(limited, { kinds: ["jsonl", "json"] });
  const log = new RefusalLog();
  const report: RecordImportReport = {
    format: read.format,
    recordsRead: 0,
    imported: 0,
    alreadyPresent: 0,
    refused: 0,
    stored: false,
    errors: log.errors,
  };
  const refuse = (found: RecordImportError[]) => {
    log.refuse(found);
    report.refused = log.refused;
  };
  // Lines of stored records that derive from another: checked before commit.
  const derivedLines = new Map<string, number>();

  const client = await (options.pool ?? bulkPool()).connect();
  let released = false;
  try {
    await client.query("BEGIN");
    await client.query("SET CONSTRAINTS eval_record_derived_from_fkey DEFERRED");
    const sql = sqlOn(client);
    const strategy: IngestStrategy<Record<string, unknown>> = {
      validate: recordVerdict,
      async storeBatch(batch) {
        await storeRecordBatch(sql, batch, { report, refuse, derivedLines });
      },
    };
    // One refusal without storeValid stores nothing: reading goes on only to report.
    const counts = await ingest(read.entries, strategy, {
      log,
      batchSize: BATCH,
      keepStoring: () => options.storeValid === true || log.refused === 0,
    });
    report.recordsRead = counts.read;
    report.refused = log.refused;

    const dangling =
      report.refused > 0 && !options.storeValid ? [] : await danglingDerivations(sql, [...derivedLines.keys()]);
    for (const row of dangling) {
      refuse([danglingRefusal(derivedLines.get(row.eval_id) ?? 0, row.derived_from)]);
    }
    if (dangling.length > 0 || (report.refused > 0 && !options.storeValid)) {
      await client.query("ROLLBACK");
      report.imported = 0;
    } else {
      await client.query("COMMIT");
      report.stored = true;
    }
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    client.release(error as Error);
    released = true;
    throw error;
  } finally {
    if (!released) client.release();
  }
  if (report.stored && report.imported > 0) {
    await recordAuditEvent({
      action: "records.imported",
      actorId: options.actor.userId,
      subject: `${report.imported} records`,
      origin: options.origin,
    });
  }
  return report;
}

/** The contract's verdict on one entry of a records file. */
export function recordVerdict(value: unknown, line: number): Verdict<Record<string, unknown>> {
  const issues = isPlainObject(value)
    ? validateRecord(value)
    : [{ path: "", rule: "type", message: "must be a JSON object (an AIF record)" }];
  if (issues.length > 0)
    return {
      ok: false,
      refusals: issues.map((issue) => ({ line, field: issue.path, rule: issue.rule, message: issue.message })),
    };
  return { ok: true, value: value as Record<string, unknown> };
}

export type RecordBatchTally = {
  report: { imported: number; alreadyPresent: number };
  refuse: (errors: RecordImportError[]) => void;
  /** Lines of stored records that derive from another, by eval_id: checked before commit. */
  derivedLines: Map<string, number>;
};

/** Inserts a batch of valid records; an identical one already stored is counted, a different one refused. */
export async function storeRecordBatch(
  sql: RecordSql,
  batch: { line: number; value: Record<string, unknown> }[],
  tally: RecordBatchTally,
): Promise<void> {
  const rows: Accepted[] = batch.map(({ line, value: record }) => {
    if (typeof record.derived_from === "string") tally.derivedLines.set(record.eval_id as string, line);
    // An imported record keeps its submitter unknown: it was submitted elsewhere.
    return { line, row: evalRecordRow(record as unknown as AifRecord, null) };
  });
  const { report, refuse } = tally;
  const inserted = await insertEvalRecords(
    sql,
    rows.map(({ row }) => row),
    { existing: "skip" },
  );
  report.imported += inserted.length;
  const insertedIds = new Set(inserted);
  const conflicting = rows.filter(({ row }) => !insertedIds.has(row.evalId));
  if (conflicting.length === 0) return;
  // Same eval_id already stored (or earlier in the file): identical is fine, different is refused.
  const stored = await sql<{ eval_id: string; digest: string | null; body: unknown }>(
    "SELECT eval_id::text, encode(body_sha256, 'hex') AS digest, CASE WHEN body_sha256 IS NULL THEN body END AS body FROM eval_record WHERE eval_id = ANY($1::uuid[])",
    [conflicting.map(({ row }) => row.evalId)],
  );
  const storedDigest = new Map(
    stored.map((row) => [row.eval_id, row.digest ?? recordDigest(row.body).toString("hex")]),
  );
  for (const { line, row } of conflicting) {
    if (storedDigest.get(row.evalId) === row.sha256Hex) report.alreadyPresent += 1;
    else
      refuse([
        {
          line,
          field: "/eval_id",
          rule: "evalIdTaken",
          message: "a different record with this eval_id is already stored",
        },
      ]);
  }
}

/**
 * A staged import's commit stores the valid records even when some derive
 * from a record neither stored nor in the file (records are append-only, so
 * such a record is left out before the insert, not withdrawn after it): the
 * lines left out, with their refusal — transitively, as a record deriving
 * from a left-out one is left out too.
 */
export async function danglingStagedLines(
  sql: RecordSql,
  staged: { line: number; evalId: string; derivedFrom: string | null }[],
): Promise<Map<number, RecordImportError>> {
  const available = new Set(staged.map((entry) => entry.evalId));
  const derived = staged.filter((entry) => entry.derivedFrom !== null);
  const outside = [...new Set(derived.map((entry) => entry.derivedFrom!).filter((id) => !available.has(id)))];
  if (outside.length > 0) {
    const found = await sql<{ eval_id: string }>(
      "SELECT eval_id::text FROM eval_record WHERE eval_id = ANY($1::uuid[])",
      [outside],
    );
    for (const row of found) available.add(row.eval_id);
  }
  const left = new Map<number, RecordImportError>();
  for (let changed = true; changed;) {
    changed = false;
    for (const entry of derived) {
      if (left.has(entry.line) || available.has(entry.derivedFrom!)) continue;
      left.set(entry.line, danglingRefusal(entry.line, entry.derivedFrom!));
      available.delete(entry.evalId);
      changed = true;
    }
  }
  return left;
}

function danglingRefusal(line: number, derivedFrom: string): RecordImportError {
  return {
    line,
    field: "/derived_from",
    rule: "derivedFromExists",
    message: `no stored or imported record has eval_id ${JSON.stringify(derivedFrom)}`,
  };
}

async function danglingDerivations(
  sql: RecordSql,
  evalIds: string[],
): Promise<{ eval_id: string; derived_from: string }[]> {
  if (evalIds.length === 0) return [];
  return sql<{ eval_id: string; derived_from: string }>(
    `SELECT r.eval_id::text, r.derived_from::text FROM eval_record r
     WHERE r.eval_id = ANY($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM eval_record p WHERE p.eval_id = r.derived_from)`,
    [evalIds],
  );
}
