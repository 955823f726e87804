-- The admin's guidelines for a suite's raters (markdown source, shown as text).
ALTER TABLE "suite" ADD COLUMN "guidelines" TEXT NOT NULL DEFAULT '';
ALTER TABLE "suite" ADD CONSTRAINT "suite_guidelines_length" CHECK (length("guidelines") <= 20000);
