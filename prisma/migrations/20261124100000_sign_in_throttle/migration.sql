-- Failed sign-ins, counted where they can be counted atomically: one row per
-- key (an account at an address, or an address), reserved by one INSERT … ON
-- CONFLICT DO UPDATE before a password is checked (lib/auth/sign-in-throttle.ts).
-- The audit log keeps the history; it was read before the failures were
-- written, so parallel attempts all passed the check.
CREATE TABLE "sign_in_throttle" (
    "key" TEXT NOT NULL,
    -- failed attempts in the current streak, plus the ones being checked right now
    "failures" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMPTZ(3),
    "last_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sign_in_throttle_pkey" PRIMARY KEY ("key"),
    CONSTRAINT "sign_in_throttle_failures_nonnegative" CHECK ("failures" >= 0)
);

CREATE INDEX "sign_in_throttle_last_attempt_at_idx" ON "sign_in_throttle"("last_attempt_at");
