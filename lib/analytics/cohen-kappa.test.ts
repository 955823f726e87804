import { describe, expect, it } from "vitest";
import { meanAbsoluteDifference, quadraticWeightedKappa, type RatingPair } from "./cohen-kappa";

const swap = (pairs: readonly RatingPair[]): RatingPair[] => pairs.map(([first, second]) => [second, first]);

describe("quadraticWeightedKappa", () => {
  it("is 1 for perfect agreement", () => {
    expect(
      quadraticWeightedKappa([
        [1, 1],
        [3, 3],
        [5, 5],
        [2, 2],
      ]),
    ).toBe(1);
  });

  it("matches a hand-computed example", () => {
    // Categories 1..3, positions 0..2. Observed Σ w·O = 1 (the 1-vs-2 pair).
    // Marginals first [2, 1, 1], second [1, 2, 1]: Σ w·a_i·b_j = 20, over N = 4 → 5.
    // Kappa = 1 − 1/5.
    expect(
      quadraticWeightedKappa(
        [
          [1, 1],
          [2, 2],
          [3, 3],
          [1, 2],
        ],
        [1, 2, 3],
      ),
    ).toBeCloseTo(0.8, 12);
  });

  it("matches the published examples of Maple's EssayTools[QuadraticWeightedKappa] (scores 1–10, range from the data)", () => {
    // Maple help page "EssayTools/QuadraticWeightedKappa", Examples: 0.758620689655172 and 0.438095238095238.
    const first = [9, 7, 8, 7, 6, 8, 3, 5, 10];
    const categories = Array.from({ length: 10 }, (_, index) => index + 1);
    const zip = (second: number[]) => first.map((score, index) => [score, second[index]!] as RatingPair);
    expect(quadraticWeightedKappa(zip([8, 8, 6, 6, 7, 6, 1, 4, 8]), categories)).toBeCloseTo(0.758620689655172, 12);
    expect(quadraticWeightedKappa(zip([3, 5, 6, 6, 7, 6, 1, 4, 8]), categories)).toBeCloseTo(0.438095238095238, 12);
  });

  it("weighs a far disagreement more than a near one", () => {
    const agreed: RatingPair[] = [
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 5],
    ];
    expect(quadraticWeightedKappa([...agreed, [1, 5]])!).toBeLessThan(quadraticWeightedKappa([...agreed, [1, 2]])!);
  });

  it("is symmetric in the two raters", () => {
    const pairs: RatingPair[] = [
      [1, 2],
      [2, 2],
      [3, 5],
      [4, 3],
      [5, 5],
      [2, 1],
      [3, 3],
    ];
    expect(quadraticWeightedKappa(swap(pairs))).toBeCloseTo(quadraticWeightedKappa(pairs)!, 12);
  });

  it("rounds fractional values to the nearest category, halves upward", () => {
    expect(
      quadraticWeightedKappa([
        [1.4, 1],
        [2.5, 3],
        [4.6, 5],
      ]),
    ).toBe(1);
    expect(
      quadraticWeightedKappa(
        [
          [1.4, 1],
          [2.5, 3],
          [4.6, 5],
        ],
        [1, 3, 5],
      ),
    ).toBe(1);
  });

  it("is null without pairs or without expected disagreement, and rejects off-scale values", () => {
    expect(quadraticWeightedKappa([])).toBeNull();
    expect(
      quadraticWeightedKappa([
        [3, 3],
        [3, 3],
      ]),
    ).toBeNull();
    expect(() => quadraticWeightedKappa([[0, 1]])).toThrow(RangeError);
    expect(() => quadraticWeightedKappa([[1, 2]], [1])).toThrow(RangeError);
  });
});

describe("meanAbsoluteDifference", () => {
  it("averages raw differences, fractions kept, and is null without pairs", () => {
    expect(
      meanAbsoluteDifference([
        [1, 2],
        [4.5, 3],
        [5, 5],
      ]),
    ).toBeCloseTo(2.5 / 3, 12);
    expect(meanAbsoluteDifference([])).toBeNull();
  });
});
