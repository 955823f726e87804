-- SME review of a pairwise judge's verdicts (issue 22, item 3): the SMEs
-- assigned to a pairwise suite, and a review task per stored judge verdict.

-- Who reviews a pairwise suite's judge verdicts (a pairwise suite has no
-- suite_rater rows: any rater may compare pairs, but review is an SME's).
CREATE TABLE "pairwise_suite_reviewer" (
    "suite_id" UUID NOT NULL,
    "user_id" TEXT NOT NULL,
    CONSTRAINT "pairwise_suite_reviewer_pkey" PRIMARY KEY ("suite_id", "user_id"),
    CONSTRAINT "pairwise_suite_reviewer_suite_fkey" FOREIGN KEY ("suite_id") REFERENCES "pairwise_suite"("id") ON DELETE CASCADE ON UPDATE RESTRICT,
    CONSTRAINT "pairwise_suite_reviewer_user_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE RESTRICT
);
CREATE INDEX "pairwise_suite_reviewer_user_idx" ON "pairwise_suite_reviewer"("user_id");

-- One task per judge verdict, keyed by the judge's record of the pair's first
-- system (the sidecar names its opponent), with the work-item engine's
-- columns. review_task is not reused: its rows belong to a suite item
-- (suite_item foreign key) and store one record; a pair belongs to a pairwise
-- suite and stores two.
CREATE TABLE "pairwise_review_task" (
    "judge_eval_id" UUID NOT NULL,
    "suite_id" UUID NOT NULL,
    "pair_id" UUID NOT NULL,
    "judge_run_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "reviewer_id" TEXT,
    "held_until" TIMESTAMPTZ(3),
    -- Which response the SME sees as Response 1 (fixed at the first claim, kept on a takeover).
    "first_shown_left" BOOLEAN,
    "draft" JSONB,
    "draft_version" INTEGER NOT NULL DEFAULT 0,
    "draft_saved_at" TIMESTAMPTZ(3),
    -- The SME's record of the response shown left; the sidecar names the other.
    "hybrid_eval_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reviewed_at" TIMESTAMPTZ(3),
    CONSTRAINT "pairwise_review_task_pkey" PRIMARY KEY ("judge_eval_id"),
    CONSTRAINT "pairwise_review_task_status_known" CHECK ("status" IN ('open', 'reviewed')),
    CONSTRAINT "pairwise_review_task_done_has_record" CHECK (("status" = 'reviewed') = ("hybrid_eval_id" IS NOT NULL)),
    CONSTRAINT "pairwise_review_task_judge_fkey" FOREIGN KEY ("judge_eval_id") REFERENCES "eval_record"("eval_id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "pairwise_review_task_suite_fkey" FOREIGN KEY ("suite_id") REFERENCES "pairwise_suite"("id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "pairwise_review_task_pair_fkey" FOREIGN KEY ("pair_id") REFERENCES "pairwise_pair"("id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "pairwise_review_task_run_fkey" FOREIGN KEY ("judge_run_id") REFERENCES "pairwise_judge_run"("id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "pairwise_review_task_reviewer_fkey" FOREIGN KEY ("reviewer_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE RESTRICT,
    CONSTRAINT "pairwise_review_task_hybrid_fkey" FOREIGN KEY ("hybrid_eval_id") REFERENCES "eval_record"("eval_id") ON DELETE RESTRICT ON UPDATE RESTRICT
);
CREATE UNIQUE INDEX "pairwise_review_task_hybrid_eval_id_key" ON "pairwise_review_task"("hybrid_eval_id");
CREATE INDEX "pairwise_review_task_queue_idx" ON "pairwise_review_task"("suite_id", "status", "created_at");
CREATE INDEX "pairwise_review_task_reviewer_idx" ON "pairwise_review_task"("reviewer_id", "status");
