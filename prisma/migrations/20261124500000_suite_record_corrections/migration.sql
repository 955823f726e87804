-- A rater's correction of the item they just submitted (lib/queues/correction.ts)
-- counts in the suite in place of the rating it corrects: the correction's row
-- names the row it supersedes, each row is superseded at most once (a later
-- correction supersedes the previous correction), and suite_rating is what
-- suite statistics read: the rows no correction has superseded. Rows stay
-- append-only; nothing is overwritten.
ALTER TABLE "suite_record" ADD COLUMN "supersedes" UUID;

ALTER TABLE "suite_record" DROP CONSTRAINT "suite_record_flow_check";
ALTER TABLE "suite_record" ADD CONSTRAINT "suite_record_flow_check"
    CHECK ("flow" IN ('assignment', 'share_link', 'review', 'judge_run', 'prefill_import', 'correction'));
ALTER TABLE "suite_record" ADD CONSTRAINT "suite_record_supersedes_check"
    CHECK (("flow" = 'correction') = ("supersedes" IS NOT NULL));
ALTER TABLE "suite_record" ADD CONSTRAINT "suite_record_supersedes_fkey"
    FOREIGN KEY ("suite_id", "supersedes") REFERENCES "suite_record"("suite_id", "eval_id") ON DELETE RESTRICT ON UPDATE RESTRICT;
CREATE UNIQUE INDEX "suite_record_supersedes_key" ON "suite_record"("suite_id", "supersedes") WHERE "supersedes" IS NOT NULL;

CREATE VIEW "suite_rating" AS
SELECT sr.* FROM "suite_record" sr
WHERE NOT EXISTS (SELECT 1 FROM "suite_record" c WHERE c."suite_id" = sr."suite_id" AND c."supersedes" = sr."eval_id");
