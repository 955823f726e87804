// Storing a record with its sidecar rows — its audit event, its idempotency
// key, its suite_record row, whichever the caller has — as ONE statement:
// PostgreSQL runs a statement's data-modifying CTEs atomically, so the rows
// are stored together or not at all without BEGIN/COMMIT, and on the pool a
// connection is held for one round trip instead of five (BEGIN, three
// INSERTs, COMMIT). This is the submit path's hot statement
// (bench/submit-path.ts); in a caller's transaction it is one statement of it.
import "server-only";
import type { AifRecord } from "@/lib/aif/types";
import { auditInsertSelect, storedUserAgent } from "@/lib/audit/audit-statement";
import type { RequestOrigin } from "@/lib/audit/service";
import type { CountedIn } from "./counted-in";
import { evalRecordInsert, evalRecordRow, postgresError, withRecordErrors, type RecordSql } from "./eval-record-row";

export type IdempotencyKeyRow = { userId: string; key: string; fingerprint: Buffer<ArrayBuffer> };

/** Thrown when the idempotency key was stored by a concurrent request first (the caller replays its record). */
export class IdempotencyKeyTaken extends Error {}

export type RecordSidecars = {
  /** Write the record.submitted audit event (bulk paths write one for the batch instead). */
  audit: boolean;
  origin?: RequestOrigin;
  idempotencyKey?: IdempotencyKeyRow;
  countedIn?: CountedIn;
};

/**
 * Stores one record and its sidecars on `sql` (sqlOn: the pool, a pg
 * transaction or a Prisma one). Throws EvalIdTaken when its eval_id is
 * already stored, IdempotencyKeyTaken when the key is, and the derived_from
 * refusal when the foreign key finds no parent; nothing is stored then.
 */
export async function insertRecordStatement(
  sql: RecordSql,
  row: { record: AifRecord; submittedById: string | null },
  sidecars: RecordSidecars,
): Promise<void> {
  const { record } = row;
  const insert = evalRecordInsert([evalRecordRow(record, row.submittedById)], { existing: "refuse" });
  const params: unknown[] = [...insert.values];
  const param = (value: unknown) => `$${params.push(value)}`;
  const ctes = [`stored_record AS (${insert.text})`];
  if (sidecars.audit)
    ctes.push(`stored_audit AS (
      ${auditInsertSelect({
        action: "record.submitted",
        actorId: param(row.submittedById),
        subject: "eval_id",
        ipAddress: param(sidecars.origin?.ipAddress ?? null),
        userAgent: param(storedUserAgent(sidecars.origin)),
        from: "stored_record",
      })})`);
  const { idempotencyKey: key, countedIn } = sidecars;
  if (key)
    ctes.push(`stored_key AS (
      INSERT INTO record_idempotency_key (user_id, key, request_sha256, eval_id)
      SELECT ${param(key.userId)}, ${param(key.key)}, decode(${param(key.fingerprint.toString("hex"))}, 'hex'), eval_id::uuid FROM stored_record)`);
  if (countedIn)
    ctes.push(`counted_in AS (
      INSERT INTO suite_record (suite_id, item_id, eval_id, flow, supersedes)
      SELECT ${param(countedIn.suiteId)}::uuid, ${param(countedIn.itemId)}::uuid, eval_id::uuid, ${param(countedIn.flow)},
        ${param(countedIn.flow === "correction" ? countedIn.supersedes : null)}::uuid FROM stored_record)`);
  try {
    // Unnamed, like every statement the app sends: a named prepared statement
    // lives in one server session, which a pooler in transaction mode (or any
    // connection shared between clients) does not keep for us.
    await withRecordErrors(() => sql(`WITH ${ctes.join(",\n")}\nSELECT 1`, params), {
      evalIds: [record.eval_id],
      derivedFrom: record.derived_from,
    });
  } catch (error) {
    const { code, constraint } = postgresError(error);
    if (code === "23505" && constraint === "record_idempotency_key_pkey") throw new IdempotencyKeyTaken();
    throw error;
  }
}
