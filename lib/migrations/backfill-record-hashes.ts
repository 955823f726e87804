// Records stored before eval_record.body_sha256 existed get their fingerprint
// here, after the migrations, because SQL cannot compute RFC 8785 JSON.
import type pg from "pg";
import { recordDigest } from "@/lib/records/canonical-hash";

const BATCH = 1000;

/** Fills every missing body_sha256; returns how many were filled. */
export async function backfillRecordHashes(client: pg.Client | pg.PoolClient): Promise<number> {
  const {
    rows: [column],
  } = await client.query<{ present: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'eval_record' AND column_name = 'body_sha256') AS present`,
  );
  if (!column?.present) return 0;
  let filled = 0;
  // Keyset on eval_id: each batch starts where the last ended, not at the first row.
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const { rows } = await client.query<{ eval_id: string; body: unknown }>(
      `SELECT eval_id, body FROM eval_record WHERE eval_id > $1 AND body_sha256 IS NULL ORDER BY eval_id LIMIT ${BATCH}`,
      [after],
    );
    if (rows.length === 0) return filled;
    after = rows[rows.length - 1]!.eval_id;
    await client.query(
      `UPDATE eval_record r SET body_sha256 = v.digest
       FROM unnest($1::uuid[], $2::bytea[]) AS v(eval_id, digest)
       WHERE r.eval_id = v.eval_id AND r.body_sha256 IS NULL`,
      [rows.map((row) => row.eval_id), rows.map((row) => recordDigest(row.body))],
    );
    filled += rows.length;
  }
}
