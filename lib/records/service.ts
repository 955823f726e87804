// Records: submitting a rater's draft as an immutable AIF record, listing and
// reading records. Validation, id assignment and storage all happen here.
import "server-only";
import { randomUUID } from "node:crypto";
import { completeRecord, serverAssignedFieldIssues } from "@/lib/aif/server-fields";
import type { AifDraft, AifRecord } from "@/lib/aif/types";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize, can } from "@/lib/auth/authorize";
import { validateRecord } from "@/lib/aif/validate";
import { db, type DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { Prisma } from "@/lib/generated/prisma/client";
import { decodeRecordCursor, encodeRecordCursor } from "./cursor";
import { raterBlockFor, type RatingRole } from "./rater-block";

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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Records the actor may see: all for admins, otherwise their own. */
function visibleTo(actor: Actor): Prisma.EvalRecordWhereInput {
  return can(actor, "records.read_all") ? {} : { submittedById: actor.userId };
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
  origin?: RequestOrigin;
  client?: DbClient;
}): Promise<StoredRecord> {
  const { draft, actor } = options;
  authorize(actor, "records.submit");
  const body = draftObject(draft);
  const rater = raterBlockFor({ actor, as: options.as, requested: body.rater });
  if (!rater.ok) throw new AppError("INVALID_RECORD", "The rater block must describe you", rater.issues);
  return storeRecord({
    draft: { ...(body as AifDraft), rater: rater.block },
    submittedById: actor.userId,
    // derived_from must name a record the actor can see.
    canSee: (client, evalId) => assertRecordVisible(client, actor, evalId),
    origin: options.origin,
    client: options.client,
  });
}

/**
 * A rating by someone without an account, through a share link: rater.type is
 * end_user and rater.id the visitor's random id; it cannot derive from a record.
 */
export async function submitEndUserRecord(options: { visitorId: string; draft: unknown; origin?: RequestOrigin; client?: DbClient }): Promise<StoredRecord> {
  const body = draftObject(options.draft);
  const requested = isPlainObject(body.rater) ? body.rater : undefined;
  const raterMatches = body.rater === undefined || (requested !== undefined && requested.type === "end_user" && requested.id === options.visitorId && Object.keys(requested).length === 2);
  const issues = [
    ...(raterMatches ? [] : [{ path: "/rater", rule: "raterFromSession", message: "the rater block is set by the server: an end user with your visitor id" }]),
    ...(body.derived_from !== undefined && body.derived_from !== null ? [{ path: "/derived_from", rule: "notAllowed", message: "an end-user rating cannot derive from a record" }] : []),
  ];
  if (issues.length > 0) throw new AppError("INVALID_RECORD", "The record is not valid", issues);
  return storeRecord({
    draft: { ...(body as AifDraft), rater: { type: "end_user", id: options.visitorId } },
    submittedById: null,
    canSee: async (_client, evalId) => { throw derivedFromMissing(evalId); },
    origin: options.origin,
    client: options.client,
  });
}

function draftObject(draft: unknown): Record<string, unknown> {
  if (!isPlainObject(draft)) {
    throw new AppError("INVALID_RECORD", "The record must be a JSON object", [{ path: "", rule: "type", message: "must be a JSON object" }]);
  }
  const forbidden = serverAssignedFieldIssues(draft);
  if (forbidden.length > 0) throw new AppError("INVALID_RECORD", "The record sets server-assigned fields", forbidden);
  return draft;
}

async function storeRecord(options: {
  draft: AifDraft;
  submittedById: string | null;
  canSee: (client: DbClient, evalId: string) => Promise<void>;
  origin?: RequestOrigin;
  client?: DbClient;
}): Promise<StoredRecord> {
  const record = completeRecord(options.draft, { evalId: randomUUID(), createdAt: new Date() });
  const issues = validateRecord(record);
  if (issues.length > 0) throw new AppError("INVALID_RECORD", "The record is not valid", issues);

  const derivedFrom = record.derived_from ?? null;
  // The record and its audit event are stored together or not at all; a
  // caller that passes a client composes this into its own transaction.
  const store = async (client: DbClient) => {
    if (derivedFrom !== null) await options.canSee(client, derivedFrom);
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
        submittedById: options.submittedById,
      },
    });
    await recordAuditEvent({ action: "record.submitted", actorId: options.submittedById, subject: record.eval_id, origin: options.origin, client });
  };
  try {
    await (options.client ? store(options.client) : db().$transaction(store));
  } catch (error) {
    // The foreign key is the final word on derived_from.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") throw derivedFromMissing(derivedFrom);
    throw error;
  }
  return { evalId: record.eval_id, createdAt: new Date(record.created_at), body: record };
}

function derivedFromMissing(derivedFrom: string | null): AppError {
  return new AppError("INVALID_RECORD", "derived_from does not name a stored record", [
    { path: "/derived_from", rule: "derivedFromExists", message: `no stored record has eval_id ${JSON.stringify(derivedFrom)}` },
  ]);
}

// A record the actor cannot see is reported exactly like one that does not exist.
async function assertRecordVisible(client: DbClient, actor: Actor, evalId: string): Promise<void> {
  if (!isUuid(evalId)) throw derivedFromMissing(evalId);
  const found = await client.evalRecord.findFirst({ where: { evalId, ...visibleTo(actor) }, select: { evalId: true } });
  if (!found) throw derivedFromMissing(evalId);
}

export async function getRecord(options: { actor: Actor; evalId: string; client?: DbClient }): Promise<StoredRecord> {
  authorize(options.actor, "records.read_own");
  const notFound = new AppError("NOT_FOUND", "No record with this eval_id");
  if (!isUuid(options.evalId)) throw notFound;
  const row = await (options.client ?? db()).evalRecord.findFirst({ where: { evalId: options.evalId, ...visibleTo(options.actor) } });
  if (!row) throw notFound;
  return { evalId: row.evalId, createdAt: row.createdAt, body: row.body as AifRecord };
}

export type RecordPage = { records: RecordSummary[]; nextCursor: string | null };

/** Newest first, by keyset (created_at, eval_id): stable under concurrent inserts. */
export async function listRecords(options: { actor: Actor; cursor?: string | null; limit?: number; client?: DbClient }): Promise<RecordPage> {
  authorize(options.actor, "records.read_own");
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  const after = options.cursor ? decodeRecordCursor(options.cursor) : null;
  const rows = await (options.client ?? db()).evalRecord.findMany({
    where: {
      ...visibleTo(options.actor),
      ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, evalId: { lt: after.evalId } }] } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { evalId: "desc" }],
    take: limit + 1,
    select: { evalId: true, createdAt: true, raterType: true, raterId: true, taskId: true, suiteId: true, derivedFrom: true },
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { records: page, nextCursor: rows.length > limit && last ? encodeRecordCursor(last) : null };
}
