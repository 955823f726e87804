// Issue 34, item 4: with overlap k = 3 and tasks that differ (a random effect
// on each task's logit), an interval drawn over judgments covers the
// population of tasks too rarely; the pair (cluster) bootstrap the leaderboard
// uses covers it at about the nominal 95%. Seeded simulations.
import { describe, expect, it } from "vitest";
import { mulberry32 } from "@/lib/analytics/seeded-random";
import { bradleyTerry } from "./bradley-terry";
import type { PairwiseJudgment } from "./judgment";
import { logistic } from "./length-controlled";
import { rateWithInterval, winRateAgainst } from "./win-rate";

/** A standard normal draw (Box–Muller). */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

const STRENGTH = 0.5;
const TASK_SD = 1.5;
const K = 3;

/** One suite: `tasks` pairs of A and base, each judged k times; the task shifts A's logit by N(0, TASK_SD²). */
function suite(tasks: number, random: () => number): PairwiseJudgment[] {
  const judgments: PairwiseJudgment[] = [];
  for (let task = 0; task < tasks; task += 1) {
    const p = logistic(STRENGTH + TASK_SD * normal(random));
    for (let copy = 0; copy < K; copy += 1)
      judgments.push({
        unit: `task-${task}`,
        first: "A",
        second: "base",
        preference: random() < p ? "better" : "worse",
        firstShownLeft: random() < 0.5,
        firstLength: 300,
        secondLength: 300,
      });
  }
  return judgments;
}

describe("intervals over the population of tasks (k = 3, task effects)", () => {
  it("cover the population's win rate at about 95% when pairs are resampled, too rarely when judgments are", () => {
    // The population's win rate: E over tasks of logistic(β + u), by a large Monte Carlo.
    const truthRandom = mulberry32(1);
    let sum = 0;
    const draws = 400_000;
    for (let draw = 0; draw < draws; draw += 1) sum += logistic(STRENGTH + TASK_SD * normal(truthRandom));
    const truth = sum / draws;
    const random = mulberry32(34);
    const runs = 1000;
    let clustered = 0;
    let perJudgment = 0;
    for (let run = 0; run < runs; run += 1) {
      const judgments = suite(60, random);
      const rate = winRateAgainst(judgments, "A", "base", { samples: 500, seed: run + 1 });
      if (rate.interval!.low <= truth && truth <= rate.interval!.high) clustered += 1;
      const naive = rateWithInterval(rate, { samples: 500, seed: run + 1 });
      if (naive.interval!.low <= truth && truth <= naive.interval!.high) perJudgment += 1;
    }
    console.info(`win rate, k = 3: pairs resampled cover ${clustered / 10}%, judgments resampled ${perJudgment / 10}%`);
    expect(clustered / runs).toBeGreaterThanOrEqual(0.93);
    expect(clustered / runs).toBeLessThanOrEqual(0.97);
    expect(perJudgment / runs).toBeLessThan(0.9);
  });

  it("cover the population's Bradley–Terry strength at about 95% when pairs are resampled", () => {
    // The population's strength: the BT fit of a very large suite (one judgment per task, so no clustering).
    const big = suite(60_000, mulberry32(2)).filter((_, index) => index % K === 0);
    const truth = bradleyTerry(big, ["A", "base"], { samples: 1 }).scores[0]!.rating;
    const random = mulberry32(35);
    const runs = 600;
    let covered = 0;
    for (let run = 0; run < runs; run += 1) {
      const { ratingInterval } = bradleyTerry(suite(120, random), ["A", "base"], { samples: 200, seed: run + 1 })
        .scores[0]!;
      if (ratingInterval!.low <= truth && truth <= ratingInterval!.high) covered += 1;
    }
    console.info(`Bradley–Terry, k = 3: pairs resampled cover ${((100 * covered) / runs).toFixed(1)}%`);
    expect(covered / runs).toBeGreaterThanOrEqual(0.93);
    expect(covered / runs).toBeLessThanOrEqual(0.97);
  });
});
