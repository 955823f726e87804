// Records: submitting a rater's draft as an immutable AIF record, listing and
// reading records. Validation, id assignment and storage all happen here.
import "server-only";
import { randomUUID } from "node:crypto";
import canonicalize from "canonicalize";
import { completeRecord, serverAssignedFieldIssues } from "@/lib/aif/server-fields";
import type { AifDraft, AifRecord, ValidationIssue } from "@/lib/aif/types";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize, can } from "@/lib/auth/authorize";
import { validateRecord } from "@/lib/aif/validate";
import { appPool, db, type DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { countRecordStored } from "@/lib/observability/metrics";
import { Prisma } from "@/lib/generated/prisma/client";
import { isPgTransaction, type PgTransaction } from "@/lib/sql-transaction";
import type { RecordFilter } from "@/lib/export/record-filter";
import { recordDigest } from "./canonical-hash";
import { countRecordInSuite, countRecordsInSuite, type CountedIn } from "./counted-in";
import { browseRecords } from "./browse";
import { findKeyedRecord, requestFingerprint, saveIdempotencyKey } from "./idempotency-key";
import {
  derivedFromMissing,
  IdempotencyKeyTaken,
  insertRecordStatement,
  type IdempotencyKeyRow,
} from "./insert-record";
import { raterBlockFor, type RatingRole } from "./rater-block";
import { isWithheld, withholdSystem } from "./withheld";
import { isPlainObject } from "@/lib/is-plain-object";

export type StoredRecord = { evalId: string; createdAt: Date; body: AifRecord };
export type RecordSummary = {
  evalId: string;
  createdAt: Date;
  raterType: string;
  raterId: string | null;
  taskId: string;
  suiteId: string | null;
  derivedFrom: string | null;
};

/**
 * Records the actor may see: all for admins; otherwise their own, and, for
 * SMEs, the judge records of the suites they review.
 */
export function visibleTo(actor: Actor): Prisma.EvalRecordWhereInput {
  if (can(actor, "records.read_all")) return {};
  if (!can(actor, "records.read_judge")) return { submittedById: actor.userId };
  return {
    OR: [
      { submittedById: actor.userId },
      {
        raterType: "llm_judge",
        reviewTask: { is: { suiteItem: { suite: { raters: { some: { userId: actor.userId } } } } } },
      },
    ],
  };
}

/**
 * Validates a draft against the contract and its rules, takes the rater block
 * from the acting user, assigns eval_id and created_at, and stores it. Throws
 * AppError INVALID_RECORD with every issue; nothing is stored then.
 */
export async function submitRecord(options: {
  actor: Actor;
  draft: unknown;
  as?: RatingRole;
  /** From the Idempotency-Key header (parseIdempotencyKey): a repeat answers with the first record, replayed. */
  idempotencyKey?: string;
  origin?: RequestOrigin;
  client?: DbClient | PgTransaction;
  /** Set by a suite flow only (an assignment's submit); a free-form record counts in no suite. */
  countedIn?: CountedIn;
}): Promise<StoredRecord & { replayed?: boolean }> {
  const { draft, actor } = options;
  authorize(actor, "records.submit");
  if (options.idempotencyKey === undefined) return submitOnce({ ...options, idempotencyKey: undefined });
  const keyed = {
    userId: actor.userId,
    key: options.idempotencyKey,
    fingerprint: requestFingerprint({ draft, as: options.as }),
  };
  const earlier = await findKeyedRecord(
    options.client && !isPgTransaction(options.client) ? options.client : db(),
    keyed,
  );
  if (earlier) return { ...earlier, replayed: true };
  try {
    return await submitOnce({ ...options, idempotencyKey: keyed });
  } catch (error) {
    // A concurrent retry with the same key committed first: its record is the
    // answer, and ours was rolled back with the key row that collided.
    const collided =
      error instanceof IdempotencyKeyTaken ||
      (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002");
    if (!collided) throw error;
    const winner = await findKeyedRecord(db(), keyed);
    if (!winner) throw error;
    return { ...winner, replayed: true };
  }
}

async function submitOnce(options: {
  actor: Actor;
  draft: unknown;
  as?: RatingRole;
  origin?: RequestOrigin;
  client?: DbClient | PgTransaction;
  idempotencyKey?: IdempotencyKeyRow;
  countedIn?: CountedIn;
}): Promise<StoredRecord> {
  const { draft, actor } = options;
  const body = draftObject(draft);
  const rater = raterBlockFor({ actor, as: options.as, requested: body.rater });
  if (!rater.ok) throw new AppError("INVALID_RECORD", "The rater block must describe you", rater.issues);
  return storeRecord({
    draft: { ...(body as AifDraft), rater: rater.block },
    submittedById: actor.userId,
    // derived_from must name a record the actor can see, rating the same task.
    canSee: (client, evalId, record) => assertCorrectable(client, actor, evalId, record),
    origin: options.origin,
    client: options.client,
    idempotencyKey: options.idempotencyKey,
    countedIn: options.countedIn,
  });
}

/**
 * A rating by someone without an account, through a share link: rater.type is
 * end_user and rater.id the visitor's random id; it cannot derive from a record.
 */
export async function submitEndUserRecord(options: {
  visitorId: string;
  draft: unknown;
  origin?: RequestOrigin;
  client?: DbClient | PgTransaction;
  countedIn?: CountedIn;
}): Promise<StoredRecord> {
  const body = draftObject(options.draft);
  const requested = isPlainObject(body.rater) ? body.rater : undefined;
  const raterMatches =
    body.rater === undefined ||
    (requested !== undefined &&
      requested.type === "end_user" &&
      requested.id === options.visitorId &&
      Object.keys(requested).length === 2);
  const issues = [
    ...(raterMatches
      ? []
      : [
          {
            path: "/rater",
            rule: "raterFromSession",
            message: "the rater block is set by the server: an end user with your visitor id",
          },
        ]),
    ...(body.derived_from !== undefined && body.derived_from !== null
      ? [{ path: "/derived_from", rule: "notAllowed", message: "an end-user rating cannot derive from a record" }]
      : []),
  ];
  if (issues.length > 0) throw new AppError("INVALID_RECORD", "The record is not valid", issues);
  return storeRecord({
    draft: { ...(body as AifDraft), rater: { type: "end_user", id: options.visitorId } },
    submittedById: null,
    canSee: async (_client, evalId) => {
      throw derivedFromMissing(evalId);
    },
    origin: options.origin,
    client: options.client,
    countedIn: options.countedIn,
  });
}

/**
 * A record whose rater and derivation the server sets from the flow: the
 * rater block is the actor's (a draft may only repeat it), and derived_from
 * is the record the flow names (a draft may only repeat it). The review and
 * adjudication flows call it inside their transactions, so their sidecars are
 * stored with the record.
 */
async function submitFlowRecord(options: {
  actor: Actor;
  raterType: "hybrid" | "sme";
  derivedFrom: string;
  derivedFromRule: { rule: string; message: string };
  draft: unknown;
  origin?: RequestOrigin;
  client: DbClient;
  countedIn?: CountedIn;
}): Promise<StoredRecord> {
  const body = draftObject(options.draft);
  const expected = { type: options.raterType, id: options.actor.userId };
  const requested = isPlainObject(body.rater) ? body.rater : undefined;
  const issues = [
    ...(body.rater === undefined ||
    (requested?.type === expected.type && requested.id === expected.id && Object.keys(requested).length === 2)
      ? []
      : [
          {
            path: "/rater",
            rule: "raterFromSession",
            message: `the rater block is set by the server: ${options.raterType}, with your user id`,
          },
        ]),
    ...(body.derived_from === undefined || body.derived_from === options.derivedFrom
      ? []
      : [{ path: "/derived_from", ...options.derivedFromRule }]),
  ];
  if (issues.length > 0) throw new AppError("INVALID_RECORD", "The record is not valid", issues);
  return storeRecord({
    draft: { ...(body as AifDraft), rater: expected as AifDraft["rater"], derived_from: options.derivedFrom },
    submittedById: options.actor.userId,
    canSee: async () => undefined,
    origin: options.origin,
    client: options.client,
    countedIn: options.countedIn,
  });
}

/** An SME's review of a judge record: rater.type hybrid, derived_from the judge record. */
export async function submitHybridRecord(options: {
  actor: Actor;
  judgeEvalId: string;
  draft: unknown;
  origin?: RequestOrigin;
  client: DbClient;
  /** The suite item reviewed; a pairwise review counts in no suite (its sidecar rows place it, as the judge's). */
  countedIn?: CountedIn;
}): Promise<StoredRecord> {
  authorize(options.actor, "review.work");
  const { judgeEvalId, ...rest } = options;
  return submitFlowRecord({
    ...rest,
    raterType: "hybrid",
    derivedFrom: judgeEvalId,
    derivedFromRule: { rule: "derivedFromReviewed", message: "a review derives from the judge record it reviews" },
  });
}

/**
 * An adjudicator's authoritative record: rater.type sme, derived_from the
 * source record they chose (or the previous decision, on a re-adjudication).
 */
export async function submitAdjudicatedRecord(options: {
  actor: Actor;
  derivedFrom: string;
  draft: unknown;
  origin?: RequestOrigin;
  client: DbClient;
  countedIn: CountedIn;
}): Promise<StoredRecord> {
  authorize(options.actor, "adjudicate");
  return submitFlowRecord({
    ...options,
    raterType: "sme",
    derivedFromRule: {
      rule: "derivedFromAdjudicated",
      message: "an adjudication derives from the source record marked closest (or the previous decision)",
    },
  });
}

/**
 * An LLM judge's record, generated by a judge run (ids assigned here) or
 * imported (its own eval_id and created_at kept, so links to it survive).
 * The caller checks permissions and runs this inside its transaction.
 */
export async function storeJudgeRecord(options: {
  record: Record<string, unknown>;
  keepIdentity: boolean;
  submittedById: string;
  client: DbClient;
  /** The suite the record counts in; a pairwise judge's records count in none (their sidecar rows place them). */
  countedIn?: CountedIn;
}): Promise<StoredRecord> {
  const { record } = options;
  const issues = judgeRecordIssues(record);
  if (issues.length > 0) throw new AppError("INVALID_RECORD", "A prefill must be an LLM judge's own record", issues);
  if (!options.keepIdentity) draftObject(record);
  return storeRecord({
    draft: record as AifDraft,
    assigned: options.keepIdentity
      ? { evalId: record.eval_id as string, createdAt: new Date(record.created_at as string) }
      : undefined,
    keepBody: options.keepIdentity,
    submittedById: options.submittedById,
    canSee: async (_client, evalId) => {
      throw derivedFromMissing(evalId);
    },
    audit: false,
    client: options.client,
    countedIn: options.countedIn,
  });
}

/** What makes a record unfit to be a prefill beyond the contract: another rater type, or a derived_from. */
export function judgeRecordIssues(record: Record<string, unknown>): ValidationIssue[] {
  const raterType = isPlainObject(record.rater) ? record.rater.type : undefined;
  return [
    ...(raterType === "llm_judge"
      ? []
      : [
          {
            path: "/rater/type",
            rule: "judgeRecord",
            message: `a prefill must be an llm_judge record, not ${JSON.stringify(raterType)}`,
          },
        ]),
    ...(record.derived_from === undefined || record.derived_from === null
      ? []
      : [{ path: "/derived_from", rule: "notAllowed", message: "a judge record must not set derived_from" }]),
  ];
}

function draftObject(draft: unknown): Record<string, unknown> {
  if (!isPlainObject(draft)) {
    throw new AppError("INVALID_RECORD", "The record must be a JSON object", [
      { path: "", rule: "type", message: "must be a JSON object" },
    ]);
  }
  const forbidden = serverAssignedFieldIssues(draft);
  if (forbidden.length > 0) throw new AppError("INVALID_RECORD", "The record sets server-assigned fields", forbidden);
  return draft;
}

async function storeRecord(options: {
  draft: AifDraft;
  /** Imported records keep their ids; otherwise they are assigned here. */
  assigned?: { evalId: string; createdAt: Date };
  /** Store the body as given (an imported record), not rebuilt from the draft. */
  keepBody?: boolean;
  submittedById: string | null;
  canSee: (client: DbClient, evalId: string, record: AifRecord) => Promise<void>;
  /** Bulk paths (imports, judge runs) write one audit event for the batch instead. */
  audit?: boolean;
  origin?: RequestOrigin;
  /** A caller's transaction: Prisma's, or a plain pg one (sqlTransaction). */
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

  const derivedFrom = record.derived_from ?? null;
  const { client } = options;
  const inPgTransaction = client !== undefined && isPgTransaction(client);
  if (inPgTransaction || (!client && options.audit !== false && !options.countedIn)) {
    // On its own (a rater's submit), one statement stores the record, its
    // audit event and its key; in a plain pg transaction (an assignment's
    // submit), the same statement with its suite_record row. Visibility first
    // (records are immutable, so read outside the transaction); the foreign key
    // stays the final word on derived_from (records are never deleted).
    if (options.audit === false) throw new Error("storeRecord: the one-statement insert always writes its audit event");
    if (derivedFrom !== null) await options.canSee(db(), derivedFrom, record);
    await insertRecordStatement(
      inPgTransaction ? client.connection : appPool(),
      { record, sha256: recordDigest(record), submittedById: options.submittedById },
      { origin: options.origin, idempotencyKey: options.idempotencyKey, countedIn: options.countedIn },
    );
    countRecordStored(record.rater.type);
    return { evalId: record.eval_id, createdAt: new Date(record.created_at), body: record };
  }
  // Within a caller's Prisma transaction (reviews, adjudications, imports):
  // the same rows through Prisma, composed into that transaction.
  const store = async (client: DbClient) => {
    if (derivedFrom !== null) await options.canSee(client, derivedFrom, record);
    await client.evalRecord.create({
      data: {
        evalId: record.eval_id,
        createdAt: new Date(record.created_at),
        raterType: record.rater.type,
        raterId: record.rater.id ?? null,
        taskId: record.task.task_id,
        suiteId: record.task.suite_id ?? null,
        derivedFrom,
        body: record as Prisma.InputJsonObject,
        bodySha256: recordDigest(record),
        submittedById: options.submittedById,
      },
    });
    if (options.countedIn) await countRecordInSuite(client, record.eval_id, options.countedIn);
    if (options.idempotencyKey) await saveIdempotencyKey(client, { ...options.idempotencyKey, evalId: record.eval_id });
    if (options.audit !== false)
      await recordAuditEvent({
        action: "record.submitted",
        actorId: options.submittedById,
        subject: record.eval_id,
        origin: options.origin,
        client,
      });
  };
  try {
    await (client ? store(client) : db().$transaction(store));
  } catch (error) {
    // The foreign key is the final word on derived_from.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003")
      throw derivedFromMissing(derivedFrom);
    throw error;
  }
  // Inside a caller's transaction this counts the insert; a later rollback is not uncounted.
  countRecordStored(record.rater.type);
  return { evalId: record.eval_id, createdAt: new Date(record.created_at), body: record };
}

// A record the actor cannot see is reported exactly like one that does not
// exist. A correction rates what its parent rated: the same task (suite, task
// id, gold id and target), so it cannot carry a rating into another suite.
async function assertCorrectable(client: DbClient, actor: Actor, evalId: string, record: AifRecord): Promise<void> {
  if (!isUuid(evalId)) throw derivedFromMissing(evalId);
  const found = await client.evalRecord.findFirst({
    where: { AND: [{ evalId }, visibleTo(actor)] },
    select: { body: true },
  });
  if (!found) throw derivedFromMissing(evalId);
  const parentTask = (found.body as unknown as AifRecord).task;
  if (canonicalize(parentTask) !== canonicalize(record.task)) {
    throw new AppError("INVALID_RECORD", "A correction keeps the task of the record it corrects", [
      {
        path: "/task",
        rule: "derivedFromSameTask",
        message: `a correction of ${evalId} must keep its task (task_id ${JSON.stringify(parentTask.task_id)}, suite_id ${JSON.stringify(parentTask.suite_id ?? null)})`,
      },
    ]);
  }
}

/** A record as served to its reader: `withheld` lists the JSON Pointers left out of `body` (withheld.ts). */
export type ServedRecord = StoredRecord & { withheld: string[] };

/**
 * The record as the actor may read it: the caller's own pairwise record of an
 * open suite without the fields that name its system (withheld.ts); every
 * other record as stored.
 */
export async function getRecord(options: { actor: Actor; evalId: string; client?: DbClient }): Promise<ServedRecord> {
  authorize(options.actor, "records.read_own");
  const notFound = new AppError("NOT_FOUND", "No record with this eval_id");
  if (!isUuid(options.evalId)) throw notFound;
  const client = options.client ?? db();
  const row = await client.evalRecord.findFirst({
    where: { AND: [{ evalId: options.evalId }, visibleTo(options.actor)] },
  });
  if (!row) throw notFound;
  const body = row.body as AifRecord;
  if (!(await isWithheld(client, options.actor, row.evalId)))
    return { evalId: row.evalId, createdAt: row.createdAt, body, withheld: [] };
  return { evalId: row.evalId, createdAt: row.createdAt, ...withholdSystem(body) };
}

export type RecordPage = { records: RecordSummary[]; nextCursor: string | null };

/** Newest first, by keyset (created_at, eval_id): stable under concurrent inserts (browse.ts reads it). */
export async function listRecords(options: {
  actor: Actor;
  filter?: RecordFilter;
  cursor?: string | null;
  limit?: number;
}): Promise<RecordPage> {
  const page = await browseRecords({
    actor: options.actor,
    filter: options.filter ?? {},
    cursor: options.cursor,
    limit: options.limit,
  });
  return {
    records: page.records.map((record) => ({
      evalId: record.evalId,
      createdAt: record.createdAt,
      raterType: record.raterType,
      raterId: record.raterId,
      taskId: record.taskId,
      suiteId: record.suiteId,
      derivedFrom: record.derivedFrom,
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * Many judge records kept as given (a prefill import), in the caller's
 * transaction, with one statement per table instead of storeJudgeRecord's
 * rows one by one. Each record is checked as storeJudgeRecord checks it.
 */
export async function storeJudgeRecordsBatch(options: {
  records: { record: Record<string, unknown>; countedIn: Exclude<CountedIn, { flow: "correction" }> }[];
  submittedById: string;
  client: DbClient;
}): Promise<void> {
  if (options.records.length === 0) return;
  for (const { record } of options.records) {
    const judgeIssues = judgeRecordIssues(record);
    if (judgeIssues.length > 0)
      throw new AppError("INVALID_RECORD", "A prefill must be an LLM judge's own record", judgeIssues);
    const issues = validateRecord(record);
    if (issues.length > 0) throw new AppError("INVALID_RECORD", "The record is not valid", issues);
  }
  const records = options.records.map(({ record, countedIn }) => ({
    record: record as unknown as AifRecord,
    countedIn,
  }));
  await options.client.evalRecord.createMany({
    data: records.map(({ record }) => ({
      evalId: record.eval_id,
      createdAt: new Date(record.created_at),
      raterType: record.rater.type,
      raterId: record.rater.id ?? null,
      taskId: record.task.task_id,
      suiteId: record.task.suite_id ?? null,
      derivedFrom: null,
      body: record as unknown as Prisma.InputJsonObject,
      bodySha256: recordDigest(record),
      submittedById: options.submittedById,
    })),
  });
  await countRecordsInSuite(
    options.client,
    records.map(({ record, countedIn }) => ({ evalId: record.eval_id, countedIn })),
  );
  for (const { record } of records) countRecordStored(record.rater.type);
}
