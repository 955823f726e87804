// A person's rating submitted as an immutable AIF record: a rater's (their
// rater block from the session, a correction through derived_from), and an
// end user's through a share link. Both end in storeRecord (store-record.ts).
import "server-only";
import canonicalize from "canonicalize";
import type { AifDraft, AifRecord } from "@/lib/aif/types";
import type { RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db, type DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import { isPlainObject } from "@/lib/is-plain-object";
import { isPgTransaction, type PgTransaction } from "@/lib/sql-transaction";
import type { CountedIn } from "./counted-in";
import { derivedFromMissing } from "./eval-record-row";
import { findKeyedRecord, requestFingerprint } from "./idempotency-key";
import { IdempotencyKeyTaken, type IdempotencyKeyRow } from "./insert-record";
import { raterBlockFor, type RatingRole } from "./rater-block";
import { visibleTo } from "./read-records";
import { draftObject, storeRecord, type StoredRecord } from "./store-record";

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
    if (!(error instanceof IdempotencyKeyTaken)) throw error;
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
