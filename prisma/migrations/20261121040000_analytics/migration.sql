-- Quality reports slice a suite's records by the tags of the item they rate;
-- records find their item by task id (and system under test).
CREATE INDEX "item_task_id_idx" ON "item"("task_id");

-- Quality reports, cached per suite and slice. `fingerprint` names the data a
-- report was computed from (the suite's records and review decisions); a
-- report is recomputed on demand when its data changed.
CREATE TABLE "suite_report_cache" (
    "suite_id" UUID NOT NULL,
    "slice_key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "report" JSONB NOT NULL,
    "computed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "compute_ms" INTEGER NOT NULL,
    CONSTRAINT "suite_report_cache_pkey" PRIMARY KEY ("suite_id", "slice_key")
);
ALTER TABLE "suite_report_cache" ADD CONSTRAINT "suite_report_cache_suite_id_fkey" FOREIGN KEY ("suite_id") REFERENCES "suite"("id") ON DELETE CASCADE ON UPDATE RESTRICT;
