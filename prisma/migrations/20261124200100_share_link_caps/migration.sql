-- Per-link caps, so one holder of a share link cannot take a whole suite by
-- starting over as new visitors: the slots of each item the link may fill
-- (NULL: half of the suite's overlap k, rounded up) and the new items its
-- visitors may take per hour.
ALTER TABLE "share_link" ADD COLUMN "max_slots_per_item" INTEGER;
ALTER TABLE "share_link" ADD COLUMN "max_items_per_hour" INTEGER NOT NULL DEFAULT 100;
ALTER TABLE "share_link" ADD CONSTRAINT "share_link_caps_check" CHECK (("max_slots_per_item" IS NULL OR "max_slots_per_item" > 0) AND "max_items_per_hour" > 0);
CREATE INDEX "assignment_share_link_idx" ON "assignment"("share_link_id", "created_at");
