// The eval_record row, written once: which column holds what of a record's
// body (evalRecordRow), and the one INSERT that stores such rows, one or many
// (evalRecordInsert). Every writer of eval_record goes through here — a
// rater's submit, the flows' records (reviews, adjudications, corrections),
// judge runs and prefill imports, the record import and the test seed — on a
// pg pool or connection, sqlTransaction's client, or a Prisma transaction.
// Not server-only: the browser tests' seed (seed-records.ts) uses it too.
import type pg from "pg";
import type { AifRecord } from "@/lib/aif/types";
import type { DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { PgTransaction } from "@/lib/sql-transaction";
import { recordDigest } from "./canonical-hash";

/** The column values of one record, as text: each driver binds text alike (digests travel as hex). */
export type EvalRecordRow = {
  evalId: string;
  createdAt: string;
  raterType: string;
  raterId: string | null;
  taskId: string;
  suiteId: string | null;
  derivedFrom: string | null;
  /** The body as stored: PostgreSQL's jsonb of this text is what exports serve and hashes cover. */
  bodyText: string;
  /** The SHA-256 of the body's RFC 8785 canonical JSON (canonical-hash.ts), in hex. */
  sha256Hex: string;
  submittedById: string | null;
};

/** The queried columns copied from the body (the table's CHECK holds them equal), and the body itself. */
export function evalRecordRow(record: AifRecord, submittedById: string | null): EvalRecordRow {
  return {
    evalId: record.eval_id,
    createdAt: record.created_at,
    raterType: record.rater.type,
    raterId: record.rater.id ?? null,
    taskId: record.task.task_id,
    suiteId: record.task.suite_id ?? null,
    derivedFrom: record.derived_from ?? null,
    bodyText: JSON.stringify(record),
    sha256Hex: recordDigest(record).toString("hex"),
    submittedById,
  };
}

const COLUMNS = [
  ["eval_id", "evalId", "uuid"],
  ["created_at", "createdAt", "timestamptz"],
  ["rater_type", "raterType", "text"],
  ["rater_id", "raterId", "text"],
  ["task_id", "taskId", "text"],
  ["suite_id", "suiteId", "text"],
  ["derived_from", "derivedFrom", "uuid"],
  ["body", "bodyText", "jsonb"],
  ["body_sha256", "sha256Hex", "bytea"],
  ["submitted_by_id", "submittedById", "text"],
] as const satisfies readonly (readonly [string, keyof EvalRecordRow, string])[];

/**
 * The INSERT of `rows`, one array parameter per column (so the statement's
 * text is the same for one row or a thousand), numbered from
 * `firstParameter` for a caller that composes it into a larger statement (the
 * submit's, insert-record.ts). It returns the eval_id of each row it stored.
 * `existing: "skip"` leaves out a row whose eval_id is already stored (or
 * earlier in `rows`); "refuse" fails the whole statement on it, which
 * withRecordErrors reports as EvalIdTaken.
 */
export function evalRecordInsert(
  rows: EvalRecordRow[],
  options: { existing: "skip" | "refuse"; firstParameter?: number },
): { text: string; values: unknown[] } {
  const first = options.firstParameter ?? 1;
  const value = ([column, , type]: (typeof COLUMNS)[number]) =>
    type === "bytea" ? `decode(r.${column}, 'hex')` : type === "text" ? `r.${column}` : `r.${column}::${type}`;
  const names = COLUMNS.map(([column]) => column).join(", ");
  return {
    text: `INSERT INTO eval_record (${names})
        SELECT ${COLUMNS.map(value).join(", ")}
        FROM unnest(${COLUMNS.map((_, index) => `$${first + index}::text[]`).join(", ")}) AS r(${names})
        ${options.existing === "skip" ? "ON CONFLICT (eval_id) DO NOTHING" : ""}
        RETURNING eval_id::text AS eval_id`,
    values: COLUMNS.map(([, field]) => rows.map((row) => row[field])),
  };
}

/** One statement returning its rows, on whichever client the caller holds (sqlOn). */
export type RecordSql = <R>(text: string, params: unknown[]) => Promise<R[]>;

/** A client of any kind the app writes records with, as a RecordSql. */
export function sqlOn(client: pg.Pool | pg.PoolClient | PgTransaction | DbClient): RecordSql {
  if ("$queryRawUnsafe" in client)
    return <R>(text: string, params: unknown[]) => client.$queryRawUnsafe<R[]>(text, ...params);
  // sqlTransaction's client has no query() of its own: it runs text on its connection.
  const connection: pg.ClientBase | pg.Pool = "query" in client ? client : client.connection;
  return async <R>(text: string, params: unknown[]) => (await connection.query(text, params)).rows as R[];
}

/** Thrown when a record's eval_id is already stored: records are never replaced, and nothing of the statement was written. */
export class EvalIdTaken extends AppError {
  constructor(readonly evalIds: string[]) {
    super(
      "CONFLICT",
      evalIds.length === 1
        ? `A record with eval_id ${JSON.stringify(evalIds[0])} is already stored; records are never replaced`
        : `One of these ${evalIds.length} records has an eval_id already stored (${evalIds
            .slice(0, 3)
            .map((id) => JSON.stringify(id))
            .join(", ")}${evalIds.length > 3 ? ", …" : ""}); records are never replaced`,
    );
  }
}

/**
 * Stores the rows in one statement and returns the eval_ids stored, in no
 * particular order. `existing: "skip"` leaves out a row whose eval_id is taken
 * (an import counts or refuses it after); "refuse" throws EvalIdTaken and
 * stores none of them.
 */
export async function insertEvalRecords(
  sql: RecordSql,
  rows: EvalRecordRow[],
  options: { existing: "skip" | "refuse" },
): Promise<string[]> {
  if (rows.length === 0) return [];
  const insert = evalRecordInsert(rows, options);
  const stored = await withRecordErrors(() => sql<{ eval_id: string }>(insert.text, insert.values), {
    evalIds: rows.map((row) => row.evalId),
    derivedFrom: rows.length === 1 ? rows[0]!.derivedFrom : null,
  });
  return stored.map((row) => row.eval_id);
}

/** The code, constraint and detail of a PostgreSQL error, as pg reports it or as Prisma wraps it (P2010, driver adapter). */
export function postgresError(error: unknown): { code?: string; constraint?: string; detail?: string } {
  type AdapterCause = { originalCode?: string; originalMessage?: string; constraint?: { index?: string } };
  const cause = (error as { meta?: { driverAdapterError?: { cause?: AdapterCause } } }).meta?.driverAdapterError?.cause;
  if (cause) {
    // The adapter names a unique index, not a foreign key; PostgreSQL's message names either.
    const named = cause.originalMessage?.match(/constraint "([^"]+)"/)?.[1];
    return { code: cause.originalCode, constraint: cause.constraint?.index ?? named };
  }
  const { code, constraint, detail } = error as { code?: unknown; constraint?: unknown; detail?: unknown };
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return { code: text(code), constraint: text(constraint), detail: text(detail) };
}

/**
 * Runs a statement writing eval_record and turns PostgreSQL's refusals into
 * the submitter's: a taken eval_id (EvalIdTaken, naming it when PostgreSQL or
 * a single row does), a derived_from naming no record.
 */
export async function withRecordErrors<T>(
  run: () => Promise<T>,
  rows: { evalIds: string[]; derivedFrom?: string | null },
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const { code, constraint, detail } = postgresError(error);
    if (code === "23505" && constraint === "eval_record_pkey") {
      const named = detail?.match(/^Key \(eval_id\)=\(([^)]+)\) already exists/)?.[1];
      throw new EvalIdTaken(named ? [named] : rows.evalIds);
    }
    if (code === "23503" && constraint === "eval_record_derived_from_fkey")
      throw derivedFromMissing(rows.derivedFrom ?? null);
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
