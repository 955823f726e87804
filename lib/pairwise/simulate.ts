// Generated pairwise judgments of known strength, for tests and the benchmark:
// systems with true Bradley–Terry strengths, each pair judged per task.
import { mulberry32 } from "@/lib/analytics/seeded-random";
import type { PairwiseJudgment } from "./judgment";
import { logistic } from "./length-controlled";

export type SimulationOptions = {
  /** True log-strengths, one per system (the names are `systems`). */
  strengths: readonly number[];
  systems: readonly string[];
  tasks: number;
  /** "all_pairs": every pair of systems per task; "baseline": every system against systems[baseline]. */
  design: { kind: "all_pairs" } | { kind: "baseline"; baseline: number };
  /** Judgments per pair and task (overlap k). */
  overlap?: number;
  /** Share of judgments that are ties ("equivalent"); the rest follow the BT probability. */
  tieShare?: number;
  seed: number;
};

export function simulateJudgments(options: SimulationOptions): PairwiseJudgment[] {
  const { strengths, systems, tasks, design, overlap = 1, tieShare = 0, seed } = options;
  const random = mulberry32(seed);
  const pairs: [number, number][] = [];
  for (let a = 0; a < systems.length; a += 1)
    for (let b = a + 1; b < systems.length; b += 1)
      if (design.kind === "all_pairs" || a === design.baseline || b === design.baseline) pairs.push([a, b]);
  const judgments: PairwiseJudgment[] = [];
  for (let task = 0; task < tasks; task += 1)
    for (const [a, b] of pairs)
      for (let copy = 0; copy < overlap; copy += 1) {
        const tie = random() < tieShare;
        const firstWins = random() < logistic(strengths[a]! - strengths[b]!);
        const strong = random() < 0.5;
        const preference = tie
          ? "equivalent"
          : firstWins
            ? strong
              ? "much_better"
              : "better"
            : strong
              ? "much_worse"
              : "worse";
        judgments.push({
          unit: `task-${task}:${systems[a]}:${systems[b]}`,
          first: systems[a]!,
          second: systems[b]!,
          preference,
          firstShownLeft: random() < 0.5,
          firstLength: 200 + Math.floor(random() * 400),
          secondLength: 200 + Math.floor(random() * 400),
        });
      }
  return judgments;
}
