-- Time on item, measured by the server (issue 38, section 1), on every kind of
-- work item the engine serves (lib/work-items/engine.ts): when the person now
-- holding it claimed it, and how long their page was visible, focused and in
-- use. The page reports its active milliseconds with each draft save and with
-- the submit; the server adds at most the time that passed since it last
-- counted (active_counted_at), so a page cannot report more time than elapsed.
-- Wall time claim → submit is claimed_at → the kind's done time.

-- Assignments are created by their claim: the claim time is their creation time.
ALTER TABLE "assignment" ADD COLUMN "claimed_at" TIMESTAMPTZ(3);
UPDATE "assignment" SET "claimed_at" = "created_at";
ALTER TABLE "assignment" ALTER COLUMN "claimed_at" SET NOT NULL, ALTER COLUMN "claimed_at" SET DEFAULT now();
ALTER TABLE "assignment" ADD COLUMN "active_ms" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "active_counted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  ADD CONSTRAINT "assignment_active_ms_nonnegative" CHECK ("active_ms" >= 0);

ALTER TABLE "pairwise_assignment" ADD COLUMN "claimed_at" TIMESTAMPTZ(3);
UPDATE "pairwise_assignment" SET "claimed_at" = "created_at";
ALTER TABLE "pairwise_assignment" ALTER COLUMN "claimed_at" SET NOT NULL, ALTER COLUMN "claimed_at" SET DEFAULT now();
ALTER TABLE "pairwise_assignment" ADD COLUMN "active_ms" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "active_counted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  ADD CONSTRAINT "pairwise_assignment_active_ms_nonnegative" CHECK ("active_ms" >= 0);

-- Tasks exist before anyone claims them: claimed_at is set by the claim (and again
-- when another person takes an expired hold over, whose time starts from zero).
-- Tasks claimed before this migration keep no claim time.
ALTER TABLE "review_task" ADD COLUMN "claimed_at" TIMESTAMPTZ(3),
  ADD COLUMN "active_ms" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "active_counted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  ADD CONSTRAINT "review_task_active_ms_nonnegative" CHECK ("active_ms" >= 0);
ALTER TABLE "adjudication_task" ADD COLUMN "claimed_at" TIMESTAMPTZ(3),
  ADD COLUMN "active_ms" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "active_counted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  ADD CONSTRAINT "adjudication_task_active_ms_nonnegative" CHECK ("active_ms" >= 0);
ALTER TABLE "pairwise_review_task" ADD COLUMN "claimed_at" TIMESTAMPTZ(3),
  ADD COLUMN "active_ms" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "active_counted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  ADD CONSTRAINT "pairwise_review_task_active_ms_nonnegative" CHECK ("active_ms" >= 0);
