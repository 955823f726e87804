// Time on item: what a page reports with each draft save and submit. The
// page counts the milliseconds it was visible, focused and in use (an input in
// the last minute); the server adds at most the time that passed since its
// last count (lib/work-items/engine.ts), so a page cannot report more than
// elapsed, and stores the sum on the work item, never in the AIF record.
import { z } from "zod";
import { parseInput } from "@/lib/input";

/** A day: far above any real gap between two saves; a larger number is refused, not clipped. */
export const ACTIVE_MS_MAX = 86_400_000;

export const ActiveMsField = z
  .number()
  .int()
  .min(0)
  .max(ACTIVE_MS_MAX)
  .optional()
  .describe(
    "milliseconds the page was visible, focused and in use since its last save; the server counts at most the time that passed",
  );

/** The milliseconds a save or submit reports (0 when it reports none); INVALID_INPUT naming /active_ms otherwise. */
export function reportedActiveMs(value: unknown): number {
  const { active_ms } = parseInput(
    z.object({ active_ms: ActiveMsField }),
    { active_ms: value },
    "The active time is not valid",
  );
  return active_ms ?? 0;
}

/** The work items whose time is kept: the tables of the engine's kinds. */
export const WORK_KINDS = [
  "assignment",
  "review_task",
  "adjudication_task",
  "pairwise_assignment",
  "pairwise_review_task",
] as const;
export type WorkKindName = (typeof WORK_KINDS)[number];
