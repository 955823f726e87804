-- A quality report's calibration reads only a suite's gold ratings; without
-- this index it filtered every record of the suite by a body path (a third
-- of the report's database time at 100k records). The predicate is the one
-- lib/analytics/suite-calibration.ts writes, so the planner can use it.
CREATE INDEX "eval_record_gold_suite_idx" ON "eval_record"("suite_id") WHERE coalesce("body" #>> '{task,gold_item_id}', '') <> '';

-- Review summaries and report fingerprints find a suite's review tasks in any
-- status; the existing suite index covers open tasks only.
CREATE INDEX "review_task_suite_id_idx" ON "review_task"("suite_id");
