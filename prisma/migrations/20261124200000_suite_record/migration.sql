-- Which records count in which suite's statistics. A record's task.suite_id
-- is text its submitter chose (a free-form POST /api/records can name any
-- suite); a row here is written only by a suite's own flows, in the same
-- transaction as the record (lib/records/counted-in.ts). Every suite
-- statistic reads through this table.
CREATE TABLE "suite_record" (
    "suite_id" UUID NOT NULL,
    "eval_id" UUID NOT NULL,
    "item_id" UUID NOT NULL,
    "flow" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    CONSTRAINT "suite_record_pkey" PRIMARY KEY ("suite_id", "eval_id"),
    CONSTRAINT "suite_record_flow_check" CHECK ("flow" IN ('assignment', 'share_link', 'review', 'judge_run', 'prefill_import')),
    CONSTRAINT "suite_record_eval_id_fkey" FOREIGN KEY ("eval_id") REFERENCES "eval_record"("eval_id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "suite_record_suite_item_fkey" FOREIGN KEY ("suite_id", "item_id") REFERENCES "suite_item"("suite_id", "item_id") ON DELETE RESTRICT ON UPDATE RESTRICT
);
CREATE INDEX "suite_record_eval_id_idx" ON "suite_record"("eval_id");
CREATE INDEX "suite_record_suite_item_idx" ON "suite_record"("suite_id", "item_id");

-- Append-only like the records it points at.
CREATE FUNCTION "suite_record_reject_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'suite_record is append-only: % is not allowed', TG_OP USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
CREATE TRIGGER "suite_record_append_only" BEFORE UPDATE OR DELETE ON "suite_record"
    FOR EACH ROW EXECUTE FUNCTION "suite_record_reject_change"();
CREATE TRIGGER "suite_record_no_truncate" BEFORE TRUNCATE ON "suite_record"
    FOR EACH STATEMENT EXECUTE FUNCTION "suite_record_reject_change"();

-- Backfill: the records the suite flows stored before this table existed.
-- Free-form records (no assignment, no review task) are left out.
INSERT INTO "suite_record" ("suite_id", "eval_id", "item_id", "flow", "created_at")
SELECT a."suite_id", a."eval_id", a."item_id", CASE WHEN a."share_link_id" IS NULL THEN 'assignment' ELSE 'share_link' END, r."stored_at"
FROM "assignment" a JOIN "eval_record" r ON r."eval_id" = a."eval_id"
WHERE a."eval_id" IS NOT NULL
ON CONFLICT DO NOTHING;

INSERT INTO "suite_record" ("suite_id", "eval_id", "item_id", "flow", "created_at")
SELECT t."suite_id", t."judge_eval_id", t."item_id", CASE WHEN t."judge_run_id" IS NOT NULL THEN 'judge_run' ELSE 'prefill_import' END, r."stored_at"
FROM "review_task" t JOIN "eval_record" r ON r."eval_id" = t."judge_eval_id"
ON CONFLICT DO NOTHING;

INSERT INTO "suite_record" ("suite_id", "eval_id", "item_id", "flow", "created_at")
SELECT t."suite_id", t."hybrid_eval_id", t."item_id", 'review', r."stored_at"
FROM "review_task" t JOIN "eval_record" r ON r."eval_id" = t."hybrid_eval_id"
WHERE t."hybrid_eval_id" IS NOT NULL
ON CONFLICT DO NOTHING;
