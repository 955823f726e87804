-- An import whose every line was refused ends as `refused` instead of waiting
-- for a decision that has nothing to import (lib/statuses.ts ITEM_IMPORT_STATUSES).
ALTER TABLE "item_import" DROP CONSTRAINT "item_import_status_known";
ALTER TABLE "item_import" ADD CONSTRAINT "item_import_status_known" CHECK ("status" IN ('reading', 'awaiting_decision', 'committed', 'discarded', 'refused', 'failed'));

-- Imports already stuck awaiting a decision with nothing valid end the same way.
UPDATE "item_import" SET "status" = 'refused', "finished_at" = COALESCE("finished_at", "updated_at")
 WHERE "status" = 'awaiting_decision' AND "accepted" = 0;
