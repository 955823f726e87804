-- Submitted AIF records. `body` is the record exactly as exported; the other
-- columns are copies of body fields, kept for indexed queries.

-- CreateTable
CREATE TABLE "eval_record" (
    "eval_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "rater_type" TEXT NOT NULL,
    "rater_id" TEXT,
    "task_id" TEXT NOT NULL,
    "suite_id" TEXT,
    "derived_from" UUID,
    "body" JSONB NOT NULL,
    "stored_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "eval_record_pkey" PRIMARY KEY ("eval_id")
);

-- CreateIndex
CREATE INDEX "eval_record_created_at_eval_id_idx" ON "eval_record"("created_at" DESC, "eval_id" DESC);
CREATE INDEX "eval_record_task_id_idx" ON "eval_record"("task_id");
CREATE INDEX "eval_record_suite_id_idx" ON "eval_record"("suite_id");
CREATE INDEX "eval_record_rater_idx" ON "eval_record"("rater_type", "rater_id");
CREATE INDEX "eval_record_derived_from_idx" ON "eval_record"("derived_from");

-- AddForeignKey
ALTER TABLE "eval_record" ADD CONSTRAINT "eval_record_derived_from_fkey" FOREIGN KEY ("derived_from") REFERENCES "eval_record"("eval_id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- The indexed columns must agree with the body they were copied from.
ALTER TABLE "eval_record" ADD CONSTRAINT "eval_record_body_matches_columns" CHECK (
    jsonb_typeof("body") = 'object'
    AND ("body"->>'eval_id')::uuid = "eval_id"
    AND "body"->'rater'->>'type' = "rater_type"
    AND "body"->'task'->>'task_id' = "task_id"
    AND ("body"->>'derived_from')::uuid IS NOT DISTINCT FROM "derived_from"
);

-- Records are append-only: a correction is a new record with derived_from.
CREATE FUNCTION "eval_record_reject_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'eval_record is append-only: % rejected; submit a new record whose derived_from names the old one', TG_OP
        USING ERRCODE = 'integrity_constraint_violation';
END;
$$;

CREATE TRIGGER "eval_record_append_only"
    BEFORE UPDATE OR DELETE ON "eval_record"
    FOR EACH ROW EXECUTE FUNCTION "eval_record_reject_change"();

CREATE TRIGGER "eval_record_no_truncate"
    BEFORE TRUNCATE ON "eval_record"
    FOR EACH STATEMENT EXECUTE FUNCTION "eval_record_reject_change"();
