-- Quality reports slice a suite's records by the tags of the item they rate;
-- records find their item by task id (and system under test).
CREATE INDEX "item_task_id_idx" ON "item"("task_id");
