// The estimators' claims on 1,000 seeded synthetic suites per judge profile
// (bench/estimates.ts runs a larger version and prints every figure).
import { describe, expect, it } from "vitest";
import { JUDGE_PROFILES, UNINFORMATIVE_JUDGE, simulateEstimates } from "./simulation";

const options = { suites: 1000, items: 1000, humanRatings: 100, seed: 37 };
const figures = simulateEstimates({ ...options, profiles: [...JUDGE_PROFILES, UNINFORMATIVE_JUDGE] });
const informative = figures.slice(0, JUDGE_PROFILES.length);
const uninformative = figures[JUDGE_PROFILES.length]!;

describe("estimates on 1,000 simulated suites per system (judge bias and noise differ by system)", () => {
  it.each(figures.map((figure) => [figure.system, figure] as const))(
    "%s: the corrected 95 %% interval covers the truth 93–97 %% of the time, in every design",
    (_system, figure) => {
      for (const coverage of [
        figure.ppi.corrected.coverage,
        figure.uniform.corrected.coverage,
        figure.active.corrected.coverage,
      ]) {
        expect(coverage).toBeGreaterThanOrEqual(0.93);
        expect(coverage).toBeLessThanOrEqual(0.97);
      }
    },
  );

  it("the judge-only interval (biased) almost never covers the truth, beside it", () => {
    for (const figure of figures) expect(figure.ppi.judgeOnly.coverage).toBeLessThan(0.2);
  });

  it.each(informative.map((figure) => [figure.system, figure] as const))(
    "%s: at equal human ratings the corrected interval is narrower than human-only by theory's amount (±0.02)",
    (_system, figure) => {
      expect(figure.ppi.widthRatio).toBeLessThan(1);
      expect(figure.uniform.widthRatio).toBeLessThan(1);
      expect(Math.abs(figure.ppi.widthRatio - figure.ppi.theoryRatio)).toBeLessThan(0.02);
      expect(Math.abs(figure.uniform.widthRatio - figure.uniform.theoryRatio)).toBeLessThan(0.02);
      // Active draws spend the same expected number of human ratings.
      expect(figure.active.widthRatioToUniformHumanOnly).toBeLessThan(1);
    },
  );

  it("an uninformative judge (correlation 0) gets λ ≈ 0 and the human-only interval, never a wider one", () => {
    expect(uninformative.correlation).toBe(0);
    expect(uninformative.ppi.meanLambda).toBeLessThan(0.06);
    expect(uninformative.ppi.widthRatio).toBeLessThanOrEqual(1.005);
    expect(uninformative.uniform.widthRatio).toBeLessThanOrEqual(1.005);
    expect(uninformative.ppi.widthRatio).toBeGreaterThan(0.99);
  });
});
