import { describe, expect, it } from "vitest";
import { Z95 } from "./interval";
import { winRateEstimates, type RatedJudgment } from "./pairwise-estimates";

const judgment = (
  unit: string,
  first: string,
  second: string,
  preference: string,
  raterType: string,
): RatedJudgment => ({
  unit,
  first,
  second,
  preference,
  raterType,
  firstShownLeft: true,
  firstLength: 10,
  secondLength: 10,
});

// The PPI++ mean written out from the paper's equations (Angelopoulos, Duchi & Zrnic 2023, mean case, as ppi_py
// computes it): λ = cov(Y, f) / ((1 + n/N)·var(f over both sets, divisor n+N−1)) clipped to [0, 1], θ = λ·mean(f̃) +
// mean(Y − λf), se² = λ²·var(f̃)/N + var(Y − λf)/n (divisor n and N).
function ppiByHand(labels: number[], judged: number[], unlabelled: number[]) {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const n = labels.length;
  const N = unlabelled.length;
  const cov = labels.reduce((sum, y, i) => sum + (y - mean(labels)) * (judged[i]! - mean(judged)), 0) / n;
  const all = [...judged, ...unlabelled];
  const varAll = all.reduce((sum, f) => sum + (f - mean(all)) ** 2, 0) / (n + N - 1);
  const lambda = Math.min(1, Math.max(0, cov / ((1 + n / N) * varAll)));
  const residuals = labels.map((y, i) => y - lambda * judged[i]!);
  const popVar = (values: number[]) => values.reduce((sum, v) => sum + (v - mean(values)) ** 2, 0) / values.length;
  const estimate = lambda * mean(unlabelled) + mean(residuals);
  const se = Math.sqrt((lambda * lambda * popVar(unlabelled)) / N + popVar(residuals) / n);
  return { estimate, lower: estimate - Z95 * se, upper: estimate + Z95 * se, lambda };
}

describe("winRateEstimates", () => {
  // Pairs p0…p7 of "cand" and "base": the judge judged all but p7 (stored sometimes from base's side);
  // humans judged p0–p3 and p7 (p1 twice, averaged); an end user's verdict on p4 is not a label.
  const judgments: RatedJudgment[] = [
    judgment("p0", "cand", "base", "better", "llm_judge"),
    judgment("p0", "base", "cand", "worse", "human"), // cand wins
    judgment("p1", "cand", "base", "equivalent", "llm_judge"),
    judgment("p1", "cand", "base", "much_better", "human"),
    judgment("p1", "cand", "base", "equivalent", "sme"),
    judgment("p2", "base", "cand", "better", "llm_judge"), // cand loses
    judgment("p2", "cand", "base", "worse", "human"),
    judgment("p3", "cand", "base", "much_better", "llm_judge"),
    judgment("p3", "cand", "base", "equivalent", "human"),
    judgment("p4", "cand", "base", "better", "llm_judge"),
    judgment("p4", "cand", "base", "much_worse", "end_user"),
    judgment("p5", "cand", "base", "worse", "llm_judge"),
    judgment("p6", "base", "cand", "much_worse", "llm_judge"),
    judgment("p7", "cand", "base", "better", "human"),
    judgment("q0", "third", "base", "better", "llm_judge"),
    judgment("q0", "cand", "third", "better", "human"), // not against the baseline: ignored for cand
  ];
  const [cand, third] = winRateEstimates({ judgments, systems: ["base", "cand", "third"], baseline: "base" });

  it("labels each pair with its humans' mean (tie ½), predicts with the judge's verdict, and corrects by PPI++", () => {
    // Labelled (human, judge): p0 (1, 1), p1 (¾, ½), p2 (0, 0), p3 (½, 1); unlabelled judge: p4 1, p5 0, p6 1.
    const expected = ppiByHand([1, 0.75, 0, 0.5], [1, 0.5, 0, 1], [1, 0, 1]);
    expect(cand!.system).toBe("cand");
    expect(cand!.pairs).toBe(8);
    expect(cand!.used).toEqual({ labelled: 4, unlabelled: 3, humanWithoutJudge: 1 });
    expect(cand!.corrected!.estimate).toBeCloseTo(expected.estimate, 12);
    expect(cand!.corrected!.lower).toBeCloseTo(expected.lower, 12);
    expect(cand!.corrected!.upper).toBeCloseTo(expected.upper, 12);
    expect(cand!.corrected!.lambda).toBeCloseTo(expected.lambda, 12);
  });

  it("gives the humans' mean over every human-judged pair and the judge's own mean, marked biased", () => {
    expect(cand!.humanOnly!.estimate).toBeCloseTo((1 + 0.75 + 0 + 0.5 + 1) / 5, 12);
    expect(cand!.judgeOnly!.estimate).toBeCloseTo((1 + 0.5 + 0 + 1 + 1 + 0 + 1) / 7, 12);
    expect(cand!.judgeOnly!.biased).toBe(true);
  });

  it("a system with one judged pair and no human has no human-only or corrected figure; no baseline, no rows", () => {
    expect(third).toMatchObject({ system: "third", pairs: 1, humanOnly: null, corrected: null });
    expect(winRateEstimates({ judgments, systems: ["base", "cand"], baseline: null })).toEqual([]);
  });

  it("does not depend on the order the judgments are read in", () => {
    const reversed = winRateEstimates({
      judgments: [...judgments].reverse(),
      systems: ["base", "cand", "third"],
      baseline: "base",
    });
    expect(reversed).toEqual([cand, third]);
  });
});
