// The Idempotency-Key request header of POST /api/records
// (draft-ietf-httpapi-idempotency-key-header): a client that did not see the
// answer sends the same request with the same key again and gets the first
// answer back instead of a second record.
import "server-only";
import { createHash } from "node:crypto";
import type { AifRecord } from "@/lib/aif/types";
import type { DbClient } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { canonicalJson } from "./canonical-hash";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
const KEY_PATH = `/headers/${IDEMPOTENCY_KEY_HEADER}`;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/**
 * The key from the header value, or undefined when the header is absent. The
 * draft spells the key as a structured-field string ("…"); a bare token is
 * accepted too, since most clients send a UUID as it is.
 */
export function parseIdempotencyKey(header: string | null): string | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  const key = trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH || !/^[\x20-\x7e]+$/.test(key)) {
    throw new AppError("INVALID_INPUT", `The ${IDEMPOTENCY_KEY_HEADER} header is not valid`, [
      {
        path: KEY_PATH,
        rule: "idempotencyKeyFormat",
        message: `must be 1–${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters (a UUID is a good key)`,
      },
    ]);
  }
  return key;
}

/** What a retry must repeat: the body (in canonical JSON, so key order and spacing do not matter) and the role it rates as. */
export function requestFingerprint(request: { draft: unknown; as?: string }): Buffer<ArrayBuffer> {
  return createHash("sha256")
    .update(canonicalJson({ draft: request.draft, as: request.as ?? null }))
    .digest() as Buffer<ArrayBuffer>;
}

export type KeyedRecord = { evalId: string; createdAt: Date; body: AifRecord };

/**
 * The record an earlier request with this key stored, or null when the key is
 * new. The same key with a different request is refused: answering with the
 * first record would tell the client its new request was stored.
 */
export async function findKeyedRecord(
  client: DbClient,
  options: { userId: string; key: string; fingerprint: Buffer },
): Promise<KeyedRecord | null> {
  const row = await client.recordIdempotencyKey.findUnique({
    where: { userId_key: { userId: options.userId, key: options.key } },
    select: { requestSha256: true, record: { select: { evalId: true, createdAt: true, body: true } } },
  });
  if (!row) return null;
  if (!Buffer.from(row.requestSha256).equals(options.fingerprint)) {
    throw new AppError("INVALID_INPUT", `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request`, [
      {
        path: KEY_PATH,
        rule: "idempotencyKeyReused",
        message: "a key may be sent again only with the same body and parameters; use a new key for a new record",
      },
    ]);
  }
  return { evalId: row.record.evalId, createdAt: row.record.createdAt, body: row.record.body as AifRecord };
}
