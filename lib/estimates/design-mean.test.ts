import { describe, expect, it } from "vitest";
import { designHumanOnlyMean, designLambda, designMean, designMeanAt } from "./design-mean";

describe("designMean (Zrnic & Candès's weighted estimator, power-tuned)", () => {
  const items = {
    judge: [2, 4, 3, 5, 1, 4],
    labels: [2, 5, NaN, NaN, 1, NaN],
    inclusion: [0.5, 0.5, 0.5, 0.25, 0.25, 0.5],
  };

  it("matches a hand computation at a given λ", () => {
    // λ = 1: weights 2, 2, 4 on residuals 0, 1, 0 → m = 2/8; mean judge 19/6; θ = 19/6 + 1/4.
    const at = designMeanAt(items, 1);
    expect(at.estimate).toBeCloseTo(19 / 6 + 0.25, 12);
    // φ = g + (Y − g)/π on drawn items, g elsewhere, g = 0.25 + f.
    const g = items.judge.map((f) => 0.25 + f);
    const phi = g.map((gi, i) =>
      Number.isNaN(items.labels[i]!) ? gi : gi + (items.labels[i]! - gi) / items.inclusion[i]!,
    );
    const mean = phi.reduce((a, b) => a + b, 0) / 6;
    expect(mean).toBeCloseTo(at.estimate, 12);
    const variance = phi.reduce((s, x) => s + (x - mean) ** 2, 0) / 6;
    // Kish's n_eff = 8²/(2² + 2² + 4²) = 8/3; two fitted parameters: × (8/3)/(8/3 − 2) = 4.
    expect(at.standardError).toBeCloseTo(Math.sqrt((4 * variance) / 6), 12);
  });

  it("at λ = 0 is the inverse-probability-weighted (Hájek) human mean", () => {
    const humanOnly = designHumanOnlyMean(items)!;
    expect(humanOnly.estimate).toBeCloseTo((2 * 2 + 2 * 5 + 4 * 1) / 8, 12);
  });

  it("tunes λ as the (1/π)(1/π − 1)-weighted slope of labels on the judge, clipped to [0, 1]", () => {
    // Weights 2, 2, 12 on (f, y) = (2, 2), (4, 5), (1, 1).
    const w = [2, 2, 12];
    const f = [2, 4, 1];
    const y = [2, 5, 1];
    const fm = w.reduce((s, wi, i) => s + wi * f[i]!, 0) / 16;
    const ym = w.reduce((s, wi, i) => s + wi * y[i]!, 0) / 16;
    const slope =
      w.reduce((s, wi, i) => s + wi * (f[i]! - fm) * (y[i]! - ym), 0) /
      w.reduce((s, wi, i) => s + wi * (f[i]! - fm) ** 2, 0);
    expect(designLambda(items)).toBeCloseTo(Math.min(1, slope), 12);
    expect(designMean(items)!.lambda).toBe(designLambda(items));
  });

  it("gives λ = 0 for a judge against the humans, and the human-only answer", () => {
    const against = {
      judge: [5, 1, 4, 2, 3, 3],
      labels: [1, 5, 2, 4, NaN, NaN],
      inclusion: [0.5, 0.5, 0.5, 0.5, 0.5, 0.5],
    };
    expect(designMean(against)!.estimate).toBeCloseTo(designHumanOnlyMean(against)!.estimate, 12);
    expect(designMean(against)!.standardError).toBeCloseTo(designHumanOnlyMean(against)!.standardError, 12);
  });

  it("has no estimate with fewer than two rated items", () => {
    expect(designMean({ judge: [1, 2], labels: [1, NaN], inclusion: [0.5, 0.5] })).toBeNull();
  });
});
