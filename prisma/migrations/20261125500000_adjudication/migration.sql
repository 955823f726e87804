-- Adjudication (issue 19): a suite's rule for when an item needs it, the
-- adjudication queue as a kind of work item (lib/work-items), and the
-- adjudication sidecar (every source eval_id and a decision per field).

-- The rule lib/adjudication/rule.ts describes; the default is DEFAULT_ADJUDICATION_RULE.
ALTER TABLE "suite" ADD COLUMN "adjudication_rule" JSONB NOT NULL
    DEFAULT '{"likertSpread": 2, "hazardConflict": true, "refusalConflict": true, "judgeConflict": true, "minRatings": 2}';

-- An item of a suite waiting for (or past) an adjudicator's decision. spread
-- and reasons_count are the queue's order, taken when the item entered it.
-- previous_eval_id: a re-adjudication derives from the previous decision.
CREATE TABLE "adjudication_task" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "suite_id" UUID NOT NULL,
    "item_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "spread" DOUBLE PRECISION NOT NULL,
    "reasons_count" INTEGER NOT NULL,
    "previous_eval_id" UUID,
    -- The source the adjudicator marked closest so far (the page saves it as they choose).
    "closest_eval_id" UUID,
    "adjudicator_id" TEXT,
    "held_until" TIMESTAMPTZ(3),
    "draft" JSONB,
    "draft_version" INTEGER NOT NULL DEFAULT 0,
    "draft_saved_at" TIMESTAMPTZ(3),
    "authoritative_eval_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "adjudicated_at" TIMESTAMPTZ(3),
    CONSTRAINT "adjudication_task_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "adjudication_task_status_known" CHECK ("status" IN ('open', 'adjudicated')),
    CONSTRAINT "adjudication_task_done_has_record" CHECK (("status" = 'adjudicated') = ("authoritative_eval_id" IS NOT NULL)),
    CONSTRAINT "adjudication_task_suite_item_fkey" FOREIGN KEY ("suite_id", "item_id") REFERENCES "suite_item"("suite_id", "item_id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "adjudication_task_adjudicator_fkey" FOREIGN KEY ("adjudicator_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "adjudication_task_record_fkey" FOREIGN KEY ("authoritative_eval_id") REFERENCES "eval_record"("eval_id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "adjudication_task_previous_fkey" FOREIGN KEY ("previous_eval_id") REFERENCES "eval_record"("eval_id") ON DELETE RESTRICT ON UPDATE RESTRICT
);
CREATE UNIQUE INDEX "adjudication_task_record_key" ON "adjudication_task"("authoritative_eval_id");
-- At most one open task per item: the queue refresh relies on it.
CREATE UNIQUE INDEX "adjudication_task_open_key" ON "adjudication_task"("suite_id", "item_id") WHERE "status" = 'open';
CREATE INDEX "adjudication_task_queue_idx" ON "adjudication_task"("suite_id", "spread" DESC, "reasons_count" DESC, "created_at") WHERE "status" = 'open';

-- The adjudication sidecar: one row per authoritative record.
CREATE TABLE "adjudication" (
    "eval_id" UUID NOT NULL,
    "suite_id" UUID NOT NULL,
    "item_id" UUID NOT NULL,
    "adjudicator_id" TEXT NOT NULL,
    "closest_eval_id" UUID NOT NULL,
    "source_eval_ids" UUID[] NOT NULL,
    "decisions" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "adjudication_pkey" PRIMARY KEY ("eval_id"),
    CONSTRAINT "adjudication_record_fkey" FOREIGN KEY ("eval_id") REFERENCES "eval_record"("eval_id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "adjudication_suite_item_fkey" FOREIGN KEY ("suite_id", "item_id") REFERENCES "suite_item"("suite_id", "item_id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "adjudication_adjudicator_fkey" FOREIGN KEY ("adjudicator_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE RESTRICT
);
CREATE INDEX "adjudication_suite_item_idx" ON "adjudication"("suite_id", "item_id");

-- An authoritative record counts in its suite through the flow "adjudication".
ALTER TABLE "suite_record" DROP CONSTRAINT "suite_record_flow_check";
ALTER TABLE "suite_record" ADD CONSTRAINT "suite_record_flow_check"
    CHECK ("flow" IN ('assignment', 'share_link', 'review', 'judge_run', 'prefill_import', 'correction', 'adjudication'));

-- suite_rating is what agreement statistics read: independent ratings only. A
-- decision is not one more rating of the item (it copies the raters' values),
-- so counting it would inflate agreement; it stays in suite_record.
CREATE OR REPLACE VIEW "suite_rating" AS
SELECT sr.* FROM "suite_record" sr
WHERE sr."flow" <> 'adjudication'
  AND NOT EXISTS (SELECT 1 FROM "suite_record" c WHERE c."suite_id" = sr."suite_id" AND c."supersedes" = sr."eval_id");
