-- A rater may skip an item with a reason: the assignment ends as 'skipped'
-- (its hold released, no slot used), and stays, so the item is never offered
-- to the same rater again and skips can be counted per item and rater.
ALTER TABLE "assignment" DROP CONSTRAINT "assignment_status_known";
ALTER TABLE "assignment" ADD CONSTRAINT "assignment_status_known" CHECK ("status" IN ('held', 'submitted', 'skipped'));
ALTER TABLE "assignment" ADD COLUMN "skip_reason" TEXT, ADD COLUMN "skip_comment" TEXT, ADD COLUMN "skipped_at" TIMESTAMPTZ(3);
ALTER TABLE "assignment" ADD CONSTRAINT "assignment_skip_reason_known"
    CHECK ("skip_reason" IS NULL OR "skip_reason" IN ('broken_content', 'outside_expertise', 'other'));
ALTER TABLE "assignment" ADD CONSTRAINT "assignment_skipped_has_reason"
    CHECK (("status" = 'skipped') = ("skip_reason" IS NOT NULL AND "skipped_at" IS NOT NULL));
ALTER TABLE "assignment" ADD CONSTRAINT "assignment_skip_other_has_comment"
    CHECK ("skip_reason" IS DISTINCT FROM 'other' OR length(btrim(coalesce("skip_comment", ''))) > 0);
CREATE INDEX "assignment_skipped_idx" ON "assignment"("suite_id", "item_id") WHERE "status" = 'skipped';
