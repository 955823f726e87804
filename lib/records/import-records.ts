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
import { ingest, type IngestStrategy } from "@/lib/imports/ingest";
import { readEntries } from "@/lib/imports/read-entries";
import { RefusalLog, type Refusal } from "@/lib/imports/refusal-log";
import { recordDigest } from "./canonical-hash";

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

type Accepted = { line: number; evalId: string; text: string; digest: Buffer };

// Columns come from the body, as the table's CHECK demands.
const INSERT_BATCH = `
  INSERT INTO eval_record (eval_id, created_at, rater_type, rater_id, task_id, suite_id, derived_from, body, body_sha256, submitted_by_id)
  SELECT (b.body->>'eval_id')::uuid, (b.body->>'created_at')::timestamptz, b.body->'rater'->>'type', b.body->'rater'->>'id',
         b.body->'task'->>'task_id', b.body->'task'->>'suite_id', (b.body->>'derived_from')::uuid, b.body, b.digest, NULL
  FROM (SELECT h.text::jsonb AS body, h.digest FROM unnest($1::text[], $2::bytea[]) AS h(text, digest)) AS b
  ON CONFLICT (eval_id) DO NOTHING
  RETURNING eval_id::text`;

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
    const strategy: IngestStrategy<Record<string, unknown>> = {
      validate(value, line) {
        const issues = isPlainObject(value)
          ? validateRecord(value)
          : [{ path: "", rule: "type", message: "must be a JSON object (an AIF record)" }];
        if (issues.length > 0)
          return {
            ok: false,
            refusals: issues.map((issue) => ({ line, field: issue.path, rule: issue.rule, message: issue.message })),
          };
        return { ok: true, value: value as Record<string, unknown> };
      },
      async storeBatch(batch) {
        const rows = batch.map(({ line, value: record }) => {
          if (typeof record.derived_from === "string") derivedLines.set(record.eval_id as string, line);
          return { line, evalId: record.eval_id as string, text: JSON.stringify(record), digest: recordDigest(record) };
        });
        await storeBatch(client, rows, report, refuse);
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
      report.refused > 0 && !options.storeValid ? [] : await danglingDerivations(client, [...derivedLines.keys()]);
    for (const row of dangling) {
      refuse([
        {
          line: derivedLines.get(row.eval_id) ?? 0,
          field: "/derived_from",
          rule: "derivedFromExists",
          message: `no stored or imported record has eval_id ${JSON.stringify(row.derived_from)}`,
        },
      ]);
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

async function storeBatch(
  client: pg.PoolClient,
  batch: Accepted[],
  report: RecordImportReport,
  refuse: (errors: RecordImportError[]) => void,
): Promise<void> {
  const inserted = await client.query<{ eval_id: string }>(INSERT_BATCH, [
    batch.map((row) => row.text),
    batch.map((row) => row.digest),
  ]);
  report.imported += inserted.rowCount ?? 0;
  const insertedIds = new Set(inserted.rows.map((row) => row.eval_id));
  const conflicting = batch.filter((row) => !insertedIds.has(row.evalId));
  if (conflicting.length === 0) return;
  // Same eval_id already stored (or earlier in the file): identical is fine, different is refused.
  const stored = await client.query<{ eval_id: string; body_sha256: Buffer | null; body: unknown }>(
    "SELECT eval_id::text, body_sha256, CASE WHEN body_sha256 IS NULL THEN body END AS body FROM eval_record WHERE eval_id = ANY($1::uuid[])",
    [conflicting.map((row) => row.evalId)],
  );
  const storedDigest = new Map(stored.rows.map((row) => [row.eval_id, row.body_sha256 ?? recordDigest(row.body)]));
  for (const row of conflicting) {
    if (storedDigest.get(row.evalId)?.equals(row.digest)) report.alreadyPresent += 1;
    else
      refuse([
        {
          line: row.line,
          field: "/eval_id",
          rule: "evalIdTaken",
          message: "a different record with this eval_id is already stored",
        },
      ]);
  }
}

async function danglingDerivations(
  client: pg.PoolClient,
  evalIds: string[],
): Promise<{ eval_id: string; derived_from: string }[]> {
  if (evalIds.length === 0) return [];
  const { rows } = await client.query<{ eval_id: string; derived_from: string }>(
    `SELECT r.eval_id::text, r.derived_from::text FROM eval_record r
     WHERE r.eval_id = ANY($1::uuid[]) AND NOT EXISTS (SELECT 1 FROM eval_record p WHERE p.eval_id = r.derived_from)`,
    [evalIds],
  );
  return rows;
}
