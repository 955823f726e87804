-- Integrity flags (issue 38 §4) are computed from the data each time; an admin
-- who looked at one and found it harmless dismisses it with a reason. The
-- dismissal names the flag by its key (kind, person, suite) and the evidence
-- it saw, so the same flag raised again on new evidence shows again.
CREATE TABLE "rater_flag_dismissal" (
    "flag_key" TEXT NOT NULL,
    "evidence_key" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "dismissed_by_id" TEXT NOT NULL,
    "dismissed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    CONSTRAINT "rater_flag_dismissal_pkey" PRIMARY KEY ("flag_key", "evidence_key"),
    CONSTRAINT "rater_flag_dismissal_reason_length" CHECK (length("reason") BETWEEN 1 AND 2000),
    CONSTRAINT "rater_flag_dismissal_dismissed_by_fkey" FOREIGN KEY ("dismissed_by_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE RESTRICT
);
