// The one way a record is stored: completed (ids assigned, unless imported),
// checked against the contract and its rules, its derivation checked, then
// written with its sidecar rows as one statement (insert-record.ts) on the
// client the caller holds. Every entry point (submit-record.ts,
// flow-records.ts, judge-records.ts) decides the rater block and derivation,
// then calls storeRecord.
import "server-only";
import { randomUUID } from "node:crypto";
import { completeRecord, serverAssignedFieldIssues } from "@/lib/aif/server-fields";
import type { AifDraft, AifRecord } from "@/lib/aif/types";
import type { RequestOrigin } from "@/lib/audit/service";
import { validateRecord } from "@/lib/aif/validate";
import { appPool, db, type DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isPlainObject } from "@/lib/is-plain-object";
import { countRecordStored } from "@/lib/observability/metrics";
import { isPgTransaction, type PgTransaction } from "@/lib/sql-transaction";
import type { CountedIn } from "./counted-in";
import { sqlOn } from "./eval-record-row";
import { insertRecordStatement, type IdempotencyKeyRow } from "./insert-record";

export type StoredRecord = { evalId: string; createdAt: Date; body: AifRecord };

export async function storeRecord(options: {
  draft: AifDraft;
  /** Imported records keep their ids; otherwise they are assigned here. */
  assigned?: { evalId: string; createdAt: Date };
  /** Store the body as given (an imported record), not rebuilt from the draft. */
  keepBody?: boolean;
  submittedById: string | null;
  /** Refuses a derived_from the submitter may not derive from (it throws). */
  canSee: (client: DbClient, evalId: string, record: AifRecord) => Promise<void>;
  /** Bulk paths (imports, judge runs) write one audit event for the batch instead. */
  audit?: boolean;
  origin?: RequestOrigin;
  /** A caller's transaction: Prisma's, or a plain pg one (sqlTransaction); the pool otherwise. */
  client?: DbClient | PgTransaction;
  /** Stored with the record or not at all: the request's idempotency key. */
  idempotencyKey?: IdempotencyKeyRow;
  /** The suite flow storing this record; without it the record counts in no suite's statistics. */
  countedIn?: CountedIn;
}): Promise<StoredRecord> {
  const record = options.keepBody
    ? (options.draft as AifRecord)
    : completeRecord(options.draft, options.assigned ?? { evalId: randomUUID(), createdAt: new Date() });
  const issues = validateRecord(record);
  if (issues.length > 0) throw new AppError("INVALID_RECORD", "The record is not valid", issues);

  const { client } = options;
  // Visibility first: in the caller's Prisma transaction (it may hold the
  // parent it just stored), otherwise outside any (records are immutable).
  // The foreign key stays the final word on derived_from (records are never deleted).
  const derivedFrom = record.derived_from ?? null;
  if (derivedFrom !== null)
    await options.canSee(client && !isPgTransaction(client) ? client : db(), derivedFrom, record);
  await insertRecordStatement(
    sqlOn(client ?? appPool()),
    { record, submittedById: options.submittedById },
    {
      audit: options.audit !== false,
      origin: options.origin,
      idempotencyKey: options.idempotencyKey,
      countedIn: options.countedIn,
    },
  );
  // Inside a caller's transaction this counts the insert; a later rollback is not uncounted.
  countRecordStored(record.rater.type);
  return { evalId: record.eval_id, createdAt: new Date(record.created_at), body: record };
}

/** A draft as an object without the fields the server assigns, or the refusal saying why not. */
export function draftObject(draft: unknown): Record<string, unknown> {
  if (!isPlainObject(draft)) {
    throw new AppError("INVALID_RECORD", "The record must be a JSON object", [
      { path: "", rule: "type", message: "must be a JSON object" },
    ]);
  }
  const forbidden = serverAssignedFieldIssues(draft);
  if (forbidden.length > 0) throw new AppError("INVALID_RECORD", "The record sets server-assigned fields", forbidden);
  return draft;
}
