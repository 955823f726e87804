// Records whose rater and derivation a suite flow sets: an SME's review of a
// judge record (hybrid) and an adjudicator's decision (sme), stored inside the
// flow's transaction through storeRecord (store-record.ts).
import "server-only";
import type { AifDraft } from "@/lib/aif/types";
import type { RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import type { DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isPlainObject } from "@/lib/is-plain-object";
import type { CountedIn } from "./counted-in";
import { draftObject, storeRecord, type StoredRecord } from "./store-record";

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
