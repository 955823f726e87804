// Pairwise comparison: suites of two or more systems' responses to the same
// tasks, rated two at a time, and the leaderboard. Every operation is a route
// contract (app/api/pairwise/**).
import type { Area } from "../operation";

export const pairwiseArea: Area = {
  tag: {
    name: "Pairwise comparison",
    description:
      "Pairwise suites (against a baseline or all pairs), the next pair held for a rater with its left/right position randomised, its submit as two mirror-image AIF records with a sidecar, and the leaderboard (win rates, length-controlled win rates, Bradley–Terry, position bias, agreement).",
  },
  operations: [],
};
