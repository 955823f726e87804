// Overlap k may not go below what some unit of a suite already has stored (an
// item's ratings, a pair's judgments): the refusal names the floor and how many
// units block it. Item suites and pairwise suites refuse with the same issue.
import type { ValidationIssue } from "@/lib/aif/types";

const plural = (count: number, noun: string) => `${noun}${count === 1 ? "" : "s"}`;

/**
 * The issue on /overlap_k, or null when nothing blocks `wanted`. `most`: the
 * most any unit has stored; `blocking`: how many units have more than `wanted`.
 */
export function overlapFloorIssue(options: {
  wanted: number;
  most: number;
  blocking: number;
  unit: "item" | "pair";
  stored: "rating" | "judgment";
}): ValidationIssue | null {
  const { wanted, most, blocking, unit, stored } = options;
  if (blocking === 0) return null;
  return {
    path: "/overlap_k",
    rule: "notBelowStored",
    message: `k cannot go below ${most}: ${blocking} ${plural(blocking, unit)} ${blocking === 1 ? "has" : "have"} more than ${wanted} ${plural(wanted, stored)} stored already`,
  };
}
