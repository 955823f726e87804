// Reading records: who may see which (visibleTo), one record as its reader
// may read it, and the newest-first list (browse.ts runs the query).
import "server-only";
import type { AifRecord } from "@/lib/aif/types";
import type { Actor } from "@/lib/auth/actor";
import { authorize, can } from "@/lib/auth/authorize";
import { db, type DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";
import type { RecordFilter } from "@/lib/export/record-filter";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/ids";
import { browseRecords } from "./browse";
import type { StoredRecord } from "./store-record";
import { isWithheld, withholdSystem } from "./withheld";

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
