-- A pairwise judge run's driver beats heartbeat_at; the judge run sweeper
-- (lib/judge-runs/sweeper.ts) resumes a running run whose beat stopped. Runs
-- left running by a process that died before this column existed start with
-- now() and are resumed once it is stale.
ALTER TABLE "pairwise_judge_run" ADD COLUMN "heartbeat_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;
