-- Items to rate, their imports, suites, queues (assignments with drafts) and
-- share links for end users.

-- An import of one file. Lines are read into import_staged_item and reach
-- `item` only when the import is committed, in one transaction: an import that
-- is interrupted or refused leaves nothing visible.
CREATE TABLE "item_import" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "format" TEXT NOT NULL,
    "file_name" TEXT,
    "system_under_test" TEXT,
    "status" TEXT NOT NULL DEFAULT 'reading',
    "bytes_read" BIGINT NOT NULL DEFAULT 0,
    "lines_read" INTEGER NOT NULL DEFAULT 0,
    "accepted" INTEGER NOT NULL DEFAULT 0,
    "refused" INTEGER NOT NULL DEFAULT 0,
    "already_present" INTEGER,
    "imported" INTEGER,
    "report" JSONB,
    "failure" TEXT,
    "created_by_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "item_import_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "item_import_format_known" CHECK ("format" IN ('items', 'eee', 'gage')),
    CONSTRAINT "item_import_status_known" CHECK ("status" IN ('reading', 'awaiting_decision', 'committed', 'discarded', 'failed'))
);
CREATE INDEX "item_import_created_at_idx" ON "item_import"("created_at" DESC);

CREATE TABLE "import_staged_item" (
    "import_id" UUID NOT NULL,
    "line" INTEGER NOT NULL,
    "identity" TEXT NOT NULL,
    "body" JSONB NOT NULL,

    CONSTRAINT "import_staged_item_pkey" PRIMARY KEY ("import_id", "line")
);

-- An item: `body` is the native item (schemas/item.schema.json); the other
-- columns are copies used for queries. `identity` makes re-imports idempotent
-- (EEE: sample_hash + model; otherwise suite, task and system under test).
CREATE TABLE "item" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "identity" TEXT NOT NULL,
    "task_id" TEXT NOT NULL,
    "source_suite_id" TEXT,
    "system_under_test" TEXT NOT NULL,
    "modality" TEXT,
    "is_gold" BOOLEAN NOT NULL,
    "body" JSONB NOT NULL,
    "import_id" UUID,
    "import_line" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "item_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "item_identity_key" ON "item"("identity");
CREATE INDEX "item_import_id_idx" ON "item"("import_id");
CREATE INDEX "item_source_suite_id_idx" ON "item"("source_suite_id");

-- A suite: items rated together. `key` is the AIF task.suite_id of its records.
CREATE TABLE "suite" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "overlap_k" INTEGER NOT NULL,
    "gold_share" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "hold_seconds" INTEGER NOT NULL DEFAULT 1800,
    "created_by_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "suite_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "suite_overlap_k_range" CHECK ("overlap_k" BETWEEN 1 AND 50),
    CONSTRAINT "suite_gold_share_range" CHECK ("gold_share" >= 0 AND "gold_share" <= 1),
    CONSTRAINT "suite_hold_seconds_range" CHECK ("hold_seconds" BETWEEN 60 AND 86400)
);
CREATE UNIQUE INDEX "suite_key_key" ON "suite"("key");

-- `slots_left` starts at the suite's overlap k and drops by one per submitted
-- rating; the CHECK makes "never more than k ratings" a database guarantee.
CREATE TABLE "suite_item" (
    "suite_id" UUID NOT NULL,
    "item_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "is_gold" BOOLEAN NOT NULL,
    "slots_left" INTEGER NOT NULL,

    CONSTRAINT "suite_item_pkey" PRIMARY KEY ("suite_id", "item_id"),
    CONSTRAINT "suite_item_slots_left_nonnegative" CHECK ("slots_left" >= 0)
);
CREATE INDEX "suite_item_open_idx" ON "suite_item"("suite_id", "is_gold", "position") WHERE "slots_left" > 0;
CREATE INDEX "suite_item_item_id_idx" ON "suite_item"("item_id");

CREATE TABLE "suite_rater" (
    "suite_id" UUID NOT NULL,
    "user_id" TEXT NOT NULL,

    CONSTRAINT "suite_rater_pkey" PRIMARY KEY ("suite_id", "user_id")
);
CREATE INDEX "suite_rater_user_id_idx" ON "suite_rater"("user_id");

-- A rater's claim on an item of a suite. `rater_key` is the user id, or
-- 'visitor:<uuid>' for an end user on a share link. A held assignment counts
-- against overlap k until `held_until`; saving a draft extends the hold.
CREATE TABLE "assignment" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "suite_id" UUID NOT NULL,
    "item_id" UUID NOT NULL,
    "rater_key" TEXT NOT NULL,
    "user_id" TEXT,
    "share_link_id" UUID,
    "status" TEXT NOT NULL DEFAULT 'held',
    "held_until" TIMESTAMPTZ(3) NOT NULL,
    "draft" JSONB,
    "draft_version" INTEGER NOT NULL DEFAULT 0,
    "draft_saved_at" TIMESTAMPTZ(3),
    "eval_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "submitted_at" TIMESTAMPTZ(3),

    CONSTRAINT "assignment_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "assignment_status_known" CHECK ("status" IN ('held', 'submitted')),
    CONSTRAINT "assignment_submitted_has_record" CHECK (("status" = 'submitted') = ("eval_id" IS NOT NULL)),
    CONSTRAINT "assignment_rater_is_user_or_visitor" CHECK (("user_id" IS NOT NULL) <> ("share_link_id" IS NOT NULL))
);
CREATE UNIQUE INDEX "assignment_suite_item_rater_key" ON "assignment"("suite_id", "item_id", "rater_key");
CREATE UNIQUE INDEX "assignment_eval_id_key" ON "assignment"("eval_id");
CREATE INDEX "assignment_rater_idx" ON "assignment"("rater_key", "suite_id", "status");
CREATE INDEX "assignment_held_idx" ON "assignment"("suite_id", "item_id", "held_until") WHERE "status" = 'held';

-- A revocable link through which people without an account rate a suite.
CREATE TABLE "share_link" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "suite_id" UUID NOT NULL,
    "label" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_by_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "share_link_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "share_link_token_hash_key" ON "share_link"("token_hash");
CREATE INDEX "share_link_suite_id_idx" ON "share_link"("suite_id");

ALTER TABLE "item_import" ADD CONSTRAINT "item_import_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "import_staged_item" ADD CONSTRAINT "import_staged_item_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "item_import"("id") ON DELETE CASCADE ON UPDATE RESTRICT;
ALTER TABLE "item" ADD CONSTRAINT "item_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "item_import"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "suite" ADD CONSTRAINT "suite_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "suite_item" ADD CONSTRAINT "suite_item_suite_id_fkey" FOREIGN KEY ("suite_id") REFERENCES "suite"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "suite_item" ADD CONSTRAINT "suite_item_item_id_fkey" FOREIGN KEY ("item_id") REFERENCES "item"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "suite_rater" ADD CONSTRAINT "suite_rater_suite_id_fkey" FOREIGN KEY ("suite_id") REFERENCES "suite"("id") ON DELETE CASCADE ON UPDATE RESTRICT;
ALTER TABLE "suite_rater" ADD CONSTRAINT "suite_rater_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE RESTRICT;
ALTER TABLE "assignment" ADD CONSTRAINT "assignment_suite_item_fkey" FOREIGN KEY ("suite_id", "item_id") REFERENCES "suite_item"("suite_id", "item_id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "assignment" ADD CONSTRAINT "assignment_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "assignment" ADD CONSTRAINT "assignment_share_link_id_fkey" FOREIGN KEY ("share_link_id") REFERENCES "share_link"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "assignment" ADD CONSTRAINT "assignment_eval_id_fkey" FOREIGN KEY ("eval_id") REFERENCES "eval_record"("eval_id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "share_link" ADD CONSTRAINT "share_link_suite_id_fkey" FOREIGN KEY ("suite_id") REFERENCES "suite"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
ALTER TABLE "share_link" ADD CONSTRAINT "share_link_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE RESTRICT;
