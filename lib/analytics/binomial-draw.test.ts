import { describe, expect, it } from "vitest";
import { binomialDraw, multinomialDraw } from "./binomial-draw";
import { mulberry32 } from "./seeded-random";

const moments = (draws: number[]) => {
  const mean = draws.reduce((sum, value) => sum + value, 0) / draws.length;
  return { mean, variance: draws.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (draws.length - 1) };
};

describe("binomialDraw", () => {
  it("gives each outcome of a small binomial its probability", () => {
    const random = mulberry32(1);
    const [trials, probability, draws] = [10, 0.3, 100_000];
    const counts = new Array<number>(trials + 1).fill(0);
    for (let draw = 0; draw < draws; draw += 1) counts[binomialDraw(trials, probability, random)]! += 1;
    let choose = 1;
    let chiSquare = 0;
    for (let k = 0; k <= trials; k += 1) {
      const expected = draws * choose * probability ** k * (1 - probability) ** (trials - k);
      chiSquare += (counts[k]! - expected) ** 2 / expected;
      choose = (choose * (trials - k)) / (k + 1);
    }
    // 10 degrees of freedom: the 99.9th percentile of chi-square is 29.6.
    expect(chiSquare).toBeLessThan(29.6);
  });

  it.each([
    [75_000, 0.03],
    [25_000, 0.5],
    [1_000, 0.999],
    [50, 0.001],
  ])("has the mean and variance of Binomial(%d, %d)", (trials, probability) => {
    const random = mulberry32(2);
    const { mean, variance } = moments(Array.from({ length: 20_000 }, () => binomialDraw(trials, probability, random)));
    const expectedVariance = trials * probability * (1 - probability);
    expect(Math.abs(mean - trials * probability)).toBeLessThan(5 * Math.sqrt(expectedVariance / 20_000));
    expect(variance / expectedVariance).toBeGreaterThan(0.94);
    expect(variance / expectedVariance).toBeLessThan(1.06);
  });

  it("handles the edges", () => {
    const random = mulberry32(3);
    expect(binomialDraw(0, 0.5, random)).toBe(0);
    expect(binomialDraw(10, 0, random)).toBe(0);
    expect(binomialDraw(10, 1, random)).toBe(10);
  });
});

describe("multinomialDraw", () => {
  it("always draws the total and matches per-category binomial moments", () => {
    const random = mulberry32(4);
    const weights = Float64Array.from([5, 0, 20, 75]);
    const counts = new Float64Array(weights.length);
    const byCategory = Array.from(weights, (): number[] => []);
    for (let draw = 0; draw < 20_000; draw += 1) {
      multinomialDraw(100, weights, counts, random);
      expect(counts.reduce((sum, value) => sum + value, 0)).toBe(100);
      counts.forEach((count, index) => byCategory[index]!.push(count));
    }
    byCategory.forEach((draws, index) => {
      const probability = weights[index]! / 100;
      const { mean, variance } = moments(draws);
      expect(mean).toBeCloseTo(100 * probability, 0);
      if (probability > 0) expect(variance / (100 * probability * (1 - probability))).toBeCloseTo(1, 1);
      else expect(variance).toBe(0);
    });
  });
});
