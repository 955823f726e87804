-- A rater may skip a pair with a reason, as an item: the pair assignment ends
-- as 'skipped' (its hold released, no slot used) and stays, so the pair is
-- never offered to the same rater again and skips can be counted. The reasons
-- are the item skip's (lib/queues/skip-reasons.ts).
ALTER TABLE "pairwise_assignment" DROP CONSTRAINT "pairwise_assignment_status_known";
ALTER TABLE "pairwise_assignment" ADD CONSTRAINT "pairwise_assignment_status_known"
    CHECK ("status" IN ('held', 'submitted', 'skipped'));
ALTER TABLE "pairwise_assignment" ADD COLUMN "skip_reason" TEXT, ADD COLUMN "skip_comment" TEXT,
    ADD COLUMN "skipped_at" TIMESTAMPTZ(3);
ALTER TABLE "pairwise_assignment" ADD CONSTRAINT "pairwise_assignment_skip_reason_known"
    CHECK ("skip_reason" IS NULL OR "skip_reason" IN ('broken_content', 'outside_expertise', 'other'));
ALTER TABLE "pairwise_assignment" ADD CONSTRAINT "pairwise_assignment_skipped_has_reason"
    CHECK (("status" = 'skipped') = ("skip_reason" IS NOT NULL AND "skipped_at" IS NOT NULL));
ALTER TABLE "pairwise_assignment" ADD CONSTRAINT "pairwise_assignment_skip_other_has_comment"
    CHECK ("skip_reason" IS DISTINCT FROM 'other' OR length(btrim(coalesce("skip_comment", ''))) > 0);
