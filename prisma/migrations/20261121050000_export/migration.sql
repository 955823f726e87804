-- Each record's fingerprint: sha256 of its RFC 8785 canonical JSON, computed
-- once when it is stored (records never change), so an export streams stored
-- hashes instead of re-serialising every body. Rows stored before this
-- migration get theirs from the migration runner's backfill.
ALTER TABLE "eval_record" ADD COLUMN "body_sha256" BYTEA;
ALTER TABLE "eval_record" ADD CONSTRAINT "eval_record_body_sha256_length" CHECK ("body_sha256" IS NULL OR octet_length("body_sha256") = 32);

-- Still append-only; the one change allowed is filling a missing fingerprint.
CREATE OR REPLACE FUNCTION "eval_record_reject_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD."body_sha256" IS NULL AND NEW."body_sha256" IS NOT NULL
        AND (to_jsonb(NEW) - 'body_sha256') = (to_jsonb(OLD) - 'body_sha256') THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'eval_record is append-only: % rejected; submit a new record whose derived_from names the old one', TG_OP
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$;

-- An imported export may list a record before the one it derives from; the
-- import checks derived_from at commit.
ALTER TABLE "eval_record" ALTER CONSTRAINT "eval_record_derived_from_fkey" DEFERRABLE INITIALLY IMMEDIATE;

-- One export: its filter, progress and, once complete, the file's hash.
CREATE TABLE "record_export" (
    "id" UUID NOT NULL,
    "created_by_id" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "filter" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'streaming',
    "record_count" INTEGER NOT NULL,
    "exported" INTEGER NOT NULL DEFAULT 0,
    "bytes" BIGINT NOT NULL DEFAULT 0,
    "file_sha256" TEXT,
    "failure" TEXT,
    "schema_id" TEXT NOT NULL,
    "app_version" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "record_export_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "record_export_format" CHECK ("format" IN ('jsonl', 'json')),
    CONSTRAINT "record_export_status" CHECK ("status" IN ('streaming', 'complete', 'aborted', 'failed')),
    CONSTRAINT "record_export_complete_has_hash" CHECK (("status" = 'complete') = ("file_sha256" IS NOT NULL)),
    CONSTRAINT "record_export_failed_has_reason" CHECK (("status" = 'failed') = ("failure" IS NOT NULL))
);
CREATE INDEX "record_export_created_at_idx" ON "record_export"("created_at" DESC);
ALTER TABLE "record_export" ADD CONSTRAINT "record_export_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- The exported records in order, one row per page: ids and their 32-byte
-- hashes concatenated. The manifest is read from here, never held in memory.
CREATE TABLE "record_export_chunk" (
    "export_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "eval_ids" UUID[] NOT NULL,
    "hashes" BYTEA NOT NULL,
    CONSTRAINT "record_export_chunk_pkey" PRIMARY KEY ("export_id", "seq"),
    CONSTRAINT "record_export_chunk_sizes" CHECK (octet_length("hashes") = 32 * cardinality("eval_ids"))
);
ALTER TABLE "record_export_chunk" ADD CONSTRAINT "record_export_chunk_export_id_fkey" FOREIGN KEY ("export_id") REFERENCES "record_export"("id") ON DELETE CASCADE ON UPDATE RESTRICT;
