// A record's fingerprint: "sha256:" + the hex SHA-256 of its RFC 8785 (JCS)
// canonical JSON, in the manner of infereval's benchmark_hash. Anyone can
// recompute it from an exported line with any JCS implementation.
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";

export const RECORD_HASH_ALGORITHM = "sha256 of the RFC 8785 (JCS) canonical JSON";

export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error("value has no JSON form");
  return text;
}

/** The 32-byte digest, as stored beside each record. */
export function recordDigest(record: unknown): Buffer<ArrayBuffer> {
  return createHash("sha256").update(canonicalJson(record)).digest() as Buffer<ArrayBuffer>;
}

export function formatDigest(digest: Uint8Array): string {
  return `sha256:${Buffer.from(digest).toString("hex")}`;
}

export function recordHash(record: unknown): string {
  return formatDigest(recordDigest(record));
}
