-- Every "next item" counts how many of the rater's assignments in the suite
-- were gold (the suite's gold share). Read through suite_item that was a
-- lookup per assignment (3.2 ms for a rater with 900 of them); the flag is
-- now kept on the assignment, as it was when the item was handed out.
ALTER TABLE "assignment" ADD COLUMN "is_gold" BOOLEAN NOT NULL DEFAULT false;

UPDATE "assignment" a SET "is_gold" = true
  FROM "suite_item" si
 WHERE si."suite_id" = a."suite_id" AND si."item_id" = a."item_id" AND si."is_gold";

-- Set by the database on every insert, so no writer (the queue, an import,
-- a test or a benchmark seeding rows) can get it wrong.
CREATE FUNCTION "assignment_set_is_gold"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."is_gold" := coalesce(
    (SELECT si."is_gold" FROM "suite_item" si WHERE si."suite_id" = NEW."suite_id" AND si."item_id" = NEW."item_id"),
    false);
  RETURN NEW;
END $$;

CREATE TRIGGER "assignment_is_gold" BEFORE INSERT ON "assignment"
  FOR EACH ROW EXECUTE FUNCTION "assignment_set_is_gold"();
