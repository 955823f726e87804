-- Pairwise comparison (issue 22): a pairwise suite, its pairs (two systems'
-- responses to one task), the pair assignment as a kind of work item
-- (lib/work-items) with the left/right position it was shown in, and the
-- pairwise sidecar (one row per stored record: pair, opponent, position,
-- both eval_ids).

CREATE TABLE "pairwise_suite" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    -- The records' task.suite_id.
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "design" TEXT NOT NULL,
    "baseline_system" TEXT,
    "overlap_k" INTEGER NOT NULL,
    "hold_seconds" INTEGER NOT NULL DEFAULT 1800,
    "systems" TEXT[] NOT NULL,
    -- Tasks some system has no response to: [{ task_id, missing: [system…] }].
    "unmatched_tasks" JSONB NOT NULL DEFAULT '[]',
    "created_by_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "pairwise_suite_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "pairwise_suite_design_known" CHECK ("design" IN ('baseline', 'all_pairs')),
    CONSTRAINT "pairwise_suite_baseline_named" CHECK (("design" = 'baseline') = ("baseline_system" IS NOT NULL)),
    CONSTRAINT "pairwise_suite_overlap_positive" CHECK ("overlap_k" >= 1),
    CONSTRAINT "pairwise_suite_created_by_fkey" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE RESTRICT
);
CREATE UNIQUE INDEX "pairwise_suite_key_key" ON "pairwise_suite"("key");

-- Two responses to one task. first/second are in a fixed order (system name
-- order); which is shown left is decided per assignment.
CREATE TABLE "pairwise_pair" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "suite_id" UUID NOT NULL,
    "task_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "first_item_id" UUID NOT NULL,
    "second_item_id" UUID NOT NULL,
    "first_system" TEXT NOT NULL,
    "second_system" TEXT NOT NULL,
    CONSTRAINT "pairwise_pair_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "pairwise_pair_distinct" CHECK ("first_system" < "second_system"),
    CONSTRAINT "pairwise_pair_suite_fkey" FOREIGN KEY ("suite_id") REFERENCES "pairwise_suite"("id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "pairwise_pair_first_item_fkey" FOREIGN KEY ("first_item_id") REFERENCES "item"("id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "pairwise_pair_second_item_fkey" FOREIGN KEY ("second_item_id") REFERENCES "item"("id") ON DELETE RESTRICT ON UPDATE RESTRICT
);
CREATE UNIQUE INDEX "pairwise_pair_items_key" ON "pairwise_pair"("suite_id", "first_item_id", "second_item_id");
CREATE INDEX "pairwise_pair_queue_idx" ON "pairwise_pair"("suite_id", "position");

-- A rater's claim on a pair: the work-item engine's columns, and the
-- randomised position (first_shown_left) fixed when the pair is claimed.
CREATE TABLE "pairwise_assignment" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "suite_id" UUID NOT NULL,
    "pair_id" UUID NOT NULL,
    "rater_id" TEXT NOT NULL,
    "first_shown_left" BOOLEAN NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'held',
    "held_until" TIMESTAMPTZ(3) NOT NULL,
    "draft" JSONB,
    "draft_version" INTEGER NOT NULL DEFAULT 0,
    "draft_saved_at" TIMESTAMPTZ(3),
    -- The record of the response shown left; the sidecar names the other.
    "left_eval_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "submitted_at" TIMESTAMPTZ(3),
    CONSTRAINT "pairwise_assignment_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "pairwise_assignment_status_known" CHECK ("status" IN ('held', 'submitted')),
    CONSTRAINT "pairwise_assignment_done_has_record" CHECK (("status" = 'submitted') = ("left_eval_id" IS NOT NULL)),
    CONSTRAINT "pairwise_assignment_suite_fkey" FOREIGN KEY ("suite_id") REFERENCES "pairwise_suite"("id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "pairwise_assignment_pair_fkey" FOREIGN KEY ("pair_id") REFERENCES "pairwise_pair"("id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "pairwise_assignment_rater_fkey" FOREIGN KEY ("rater_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "pairwise_assignment_record_fkey" FOREIGN KEY ("left_eval_id") REFERENCES "eval_record"("eval_id") ON DELETE RESTRICT ON UPDATE RESTRICT
);
-- Never the same pair twice for one rater.
CREATE UNIQUE INDEX "pairwise_assignment_pair_rater_key" ON "pairwise_assignment"("pair_id", "rater_id");
CREATE UNIQUE INDEX "pairwise_assignment_left_eval_id_key" ON "pairwise_assignment"("left_eval_id");
CREATE INDEX "pairwise_assignment_rater_idx" ON "pairwise_assignment"("rater_id", "suite_id", "status");

-- The pairwise sidecar: one row per record a pair's submit stored.
CREATE TABLE "pairwise_judgment" (
    "eval_id" UUID NOT NULL,
    "opponent_eval_id" UUID NOT NULL,
    "suite_id" UUID NOT NULL,
    "pair_id" UUID NOT NULL,
    "assignment_id" UUID,
    "system" TEXT NOT NULL,
    "opponent_system" TEXT NOT NULL,
    "shown_position" TEXT NOT NULL,
    -- Copies of the record's universal.vs_reference and rater.type, written in
    -- the same transaction: the leaderboard reads 100k judgments without
    -- detoasting every record body (the record stays the source; a test ties them).
    "preference" TEXT NOT NULL,
    "rater_type" TEXT NOT NULL,
    -- Characters of each response, for the length-controlled win rate.
    "response_length" INTEGER NOT NULL,
    "opponent_length" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "pairwise_judgment_pkey" PRIMARY KEY ("eval_id"),
    CONSTRAINT "pairwise_judgment_position_known" CHECK ("shown_position" IN ('left', 'right')),
    CONSTRAINT "pairwise_judgment_preference_known" CHECK ("preference" IN ('much_worse', 'worse', 'equivalent', 'better', 'much_better')),
    CONSTRAINT "pairwise_judgment_record_fkey" FOREIGN KEY ("eval_id") REFERENCES "eval_record"("eval_id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "pairwise_judgment_opponent_fkey" FOREIGN KEY ("opponent_eval_id") REFERENCES "eval_record"("eval_id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "pairwise_judgment_suite_fkey" FOREIGN KEY ("suite_id") REFERENCES "pairwise_suite"("id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "pairwise_judgment_pair_fkey" FOREIGN KEY ("pair_id") REFERENCES "pairwise_pair"("id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "pairwise_judgment_assignment_fkey" FOREIGN KEY ("assignment_id") REFERENCES "pairwise_assignment"("id") ON DELETE RESTRICT ON UPDATE RESTRICT
);
-- The leaderboard reads one row per judgment (the left one) of a suite.
CREATE INDEX "pairwise_judgment_suite_idx" ON "pairwise_judgment"("suite_id", "shown_position");
