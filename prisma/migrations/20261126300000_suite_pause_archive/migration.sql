-- A suite can be paused (hands out no items; its raters are told so) and
-- archived (hidden from queues and default listings; its data kept and exportable).
-- Timestamps, not a status: when it happened is worth keeping, and both can hold at once.
ALTER TABLE "suite" ADD COLUMN "paused_at" TIMESTAMPTZ(3);
ALTER TABLE "suite" ADD COLUMN "archived_at" TIMESTAMPTZ(3);

-- The suite page lists its items in suite order a page at a time (lib/suites/item-progress.ts).
CREATE INDEX "suite_item_position_idx" ON "suite_item"("suite_id", "position");
