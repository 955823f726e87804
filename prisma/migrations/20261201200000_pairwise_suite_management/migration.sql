-- Pairwise suites managed as item suites are (issue 35, section 3): a list of
-- raters, guidelines, pause and archive, and the "verdict and reason only"
-- option (the per-response rubric optional; a dimension left out is stored as
-- lib/aif/not-rated.ts's placeholder).

-- Who may compare the suite's pairs. Until now every rater and SME could
-- compare every pairwise suite's pairs; the suites that exist keep exactly
-- that (open_to_all_raters is true for them) until an admin names raters and
-- closes the suite to the list. A suite made from now on is open only to its
-- list (the column's default after this migration is false).
ALTER TABLE "pairwise_suite" ADD COLUMN "open_to_all_raters" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "pairwise_suite" ALTER COLUMN "open_to_all_raters" SET DEFAULT false;

ALTER TABLE "pairwise_suite" ADD COLUMN "verdict_only" BOOLEAN NOT NULL DEFAULT false;
-- Markdown source, shown to raters beside the pair (rendered as item text is).
ALTER TABLE "pairwise_suite" ADD COLUMN "guidelines" TEXT NOT NULL DEFAULT '';
-- Timestamps, as the item suite's: when it happened is kept, and both can hold at once.
ALTER TABLE "pairwise_suite" ADD COLUMN "paused_at" TIMESTAMPTZ(3);
ALTER TABLE "pairwise_suite" ADD COLUMN "archived_at" TIMESTAMPTZ(3);
-- The item suite's bounds (lib/suites/limits.ts), now that k can be edited.
ALTER TABLE "pairwise_suite" ADD CONSTRAINT "pairwise_suite_overlap_k_range" CHECK ("overlap_k" BETWEEN 1 AND 50);

CREATE TABLE "pairwise_suite_rater" (
    "suite_id" UUID NOT NULL,
    "user_id" TEXT NOT NULL,
    CONSTRAINT "pairwise_suite_rater_pkey" PRIMARY KEY ("suite_id", "user_id"),
    CONSTRAINT "pairwise_suite_rater_suite_fkey" FOREIGN KEY ("suite_id") REFERENCES "pairwise_suite"("id") ON DELETE CASCADE ON UPDATE RESTRICT,
    CONSTRAINT "pairwise_suite_rater_user_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE RESTRICT
);
CREATE INDEX "pairwise_suite_rater_user_idx" ON "pairwise_suite_rater"("user_id");
