// Storing a submitted record, its audit event and (when the request carried
// one) its idempotency key as ONE statement: PostgreSQL runs a statement's
// data-modifying CTEs atomically, so the three rows are stored together or
// not at all without BEGIN/COMMIT, and a pooled connection is held for one
// round trip instead of five (BEGIN, three INSERTs, COMMIT). This is the
// submit path's hot statement (bench/submit-path.ts).
import "server-only";
import type pg from "pg";
import type { AifRecord } from "@/lib/aif/types";
import { auditInsertSelect, storedUserAgent } from "@/lib/audit/audit-statement";
import type { RequestOrigin } from "@/lib/audit/service";
import { AppError } from "@/lib/errors";
import type { CountedIn } from "./counted-in";

export type RecordRow = { record: AifRecord; sha256: Buffer; submittedById: string | null };
export type IdempotencyKeyRow = { userId: string; key: string; fingerprint: Buffer<ArrayBuffer> };

/** Thrown when the idempotency key was stored by a concurrent request first (the caller replays its record). */
export class IdempotencyKeyTaken extends Error {}

/**
 * On the pool (a rater's free-form submit: atomic as one statement), or on a
 * transaction's connection (a suite flow's submit, lib/sql-transaction.ts),
 * where `countedIn` adds the record's suite_record row to the same statement.
 */
export async function insertRecordStatement(
  client: pg.Pool | pg.PoolClient,
  row: RecordRow,
  options: { origin?: RequestOrigin; idempotencyKey?: IdempotencyKeyRow; countedIn?: CountedIn },
): Promise<void> {
  const { record } = row;
  const params: unknown[] = [
    record.eval_id,
    record.created_at,
    record.rater.type,
    record.rater.id ?? null,
    record.task.task_id,
    record.task.suite_id ?? null,
    record.derived_from ?? null,
    JSON.stringify(record),
    row.sha256,
    row.submittedById,
    options.origin?.ipAddress ?? null,
    storedUserAgent(options.origin),
  ];
  let keyCte = "";
  if (options.idempotencyKey) {
    params.push(options.idempotencyKey.userId, options.idempotencyKey.key, options.idempotencyKey.fingerprint);
    const [user, key, fingerprint] = [params.length - 2, params.length - 1, params.length];
    keyCte = `, stored_key AS (
      INSERT INTO record_idempotency_key (user_id, key, request_sha256, eval_id) SELECT $${user}, $${key}, $${fingerprint}, eval_id FROM stored_record)`;
  }
  let countedCte = "";
  const { countedIn } = options;
  if (countedIn) {
    params.push(
      countedIn.suiteId,
      countedIn.itemId,
      countedIn.flow,
      countedIn.flow === "correction" ? countedIn.supersedes : null,
    );
    const [suite, item, flow, supersedes] = [3, 2, 1, 0].map((back) => params.length - back);
    countedCte = `, counted_in AS (
      INSERT INTO suite_record (suite_id, item_id, eval_id, flow, supersedes)
      SELECT $${suite}::uuid, $${item}::uuid, eval_id, $${flow}, $${supersedes}::uuid FROM stored_record)`;
  }
  try {
    await client.query({
      // Unnamed, like every statement the app sends: a named prepared statement
      // lives in one server session, which a pooler in transaction mode (or any
      // connection shared between clients) does not keep for us.
      text: `WITH stored_record AS (
        INSERT INTO eval_record (eval_id, created_at, rater_type, rater_id, task_id, suite_id, derived_from, body, body_sha256, submitted_by_id)
        VALUES ($1::uuid, $2::timestamptz, $3, $4, $5, $6, $7::uuid, $8::jsonb, $9, $10)
        RETURNING eval_id
      ), stored_audit AS (
        ${auditInsertSelect({ action: "record.submitted", actorId: "$10", subject: "eval_id::text", ipAddress: "$11", userAgent: "$12", from: "stored_record" })}
      )${keyCte}${countedCte}
      SELECT 1`,
      values: params,
    });
  } catch (error) {
    const code = (error as { code?: string; constraint?: string }).code;
    const constraint = (error as { constraint?: string }).constraint;
    if (code === "23505" && constraint === "record_idempotency_key_pkey") throw new IdempotencyKeyTaken();
    if (code === "23503" && constraint === "eval_record_derived_from_fkey")
      throw derivedFromMissing(record.derived_from ?? null);
    throw error;
  }
}

/** The refusal of a derived_from that names no record the submitter may see. */
export function derivedFromMissing(derivedFrom: string | null): AppError {
  return new AppError("INVALID_RECORD", "derived_from does not name a stored record", [
    {
      path: "/derived_from",
      rule: "derivedFromExists",
      message: `no stored record has eval_id ${JSON.stringify(derivedFrom)}`,
    },
  ]);
}
