-- An LLM judge on a pairwise suite (issue 22, item 3): a run asks the judge
-- about every pair in both orders (position swap, as Arena-Hard does) and
-- stores the aggregated verdict as two llm_judge records with their two
-- pairwise_judgment rows, like a human pair's submit.

CREATE TABLE "pairwise_judge_run" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "suite_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "base_url" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "prompt_version" TEXT NOT NULL,
    "temperature" DOUBLE PRECISION NOT NULL,
    "concurrency" INTEGER NOT NULL,
    "created_by_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "pairwise_judge_run_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "pairwise_judge_run_status_known" CHECK ("status" IN ('running', 'completed')),
    CONSTRAINT "pairwise_judge_run_suite_fkey" FOREIGN KEY ("suite_id") REFERENCES "pairwise_suite"("id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "pairwise_judge_run_created_by_fkey" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE RESTRICT
);
CREATE INDEX "pairwise_judge_run_suite_idx" ON "pairwise_judge_run"("suite_id", "created_at" DESC);

-- One row per pair of the run: both raw verdicts (from the pair's first
-- system's side) once the judge answered, or why it failed.
CREATE TABLE "pairwise_judge_pair" (
    "run_id" UUID NOT NULL,
    "pair_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    -- first_system shown as Response A / as Response B; both from first_system's side.
    "verdict_first_shown_left" TEXT,
    "verdict_first_shown_right" TEXT,
    "first_eval_id" UUID,
    "failure" JSONB,
    "finished_at" TIMESTAMPTZ(3),
    CONSTRAINT "pairwise_judge_pair_pkey" PRIMARY KEY ("run_id", "pair_id"),
    CONSTRAINT "pairwise_judge_pair_status_known" CHECK ("status" IN ('pending', 'stored', 'failed')),
    CONSTRAINT "pairwise_judge_pair_stored_has_record" CHECK (("status" = 'stored') = ("first_eval_id" IS NOT NULL)),
    CONSTRAINT "pairwise_judge_pair_run_fkey" FOREIGN KEY ("run_id") REFERENCES "pairwise_judge_run"("id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "pairwise_judge_pair_pair_fkey" FOREIGN KEY ("pair_id") REFERENCES "pairwise_pair"("id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "pairwise_judge_pair_record_fkey" FOREIGN KEY ("first_eval_id") REFERENCES "eval_record"("eval_id") ON DELETE RESTRICT ON UPDATE RESTRICT
);

-- The judge's two raw verdicts ride on its sidecar rows, from the row's own
-- system's side: in the order where that system was shown left (Response A)
-- and where it was shown right. Null for a human's judgment (one order only).
-- The leaderboard's flip rate and judge position bias read these.
ALTER TABLE "pairwise_judgment"
    ADD COLUMN "judge_run_id" UUID,
    ADD COLUMN "preference_shown_left" TEXT,
    ADD COLUMN "preference_shown_right" TEXT,
    ADD CONSTRAINT "pairwise_judgment_judge_run_fkey" FOREIGN KEY ("judge_run_id") REFERENCES "pairwise_judge_run"("id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    ADD CONSTRAINT "pairwise_judgment_orders_together" CHECK (("preference_shown_left" IS NULL) = ("preference_shown_right" IS NULL)),
    ADD CONSTRAINT "pairwise_judgment_orders_known" CHECK (
        ("preference_shown_left" IS NULL OR "preference_shown_left" IN ('much_worse', 'worse', 'equivalent', 'better', 'much_better'))
        AND ("preference_shown_right" IS NULL OR "preference_shown_right" IN ('much_worse', 'worse', 'equivalent', 'better', 'much_better')));
