import { describe, expect, it } from "vitest";
import { mulberry32 } from "@/lib/analytics/seeded-random";
import { classicalMean } from "./interval";
import { ppiMean, powerTunedLambda } from "./ppi-mean";

// ppi_py's ppi_mean_ci (ppi_py/ppi.py, _calc_lam_glm), read line by line with
// weights, gradients at the λ = 1 point estimate and np.cov's ddof=1: an
// independent reading of the same definitions to hold ppiMean to.
function ppiPyMeanCi(Y: number[], Yhat: number[], YhatU: number[], w?: number[], wU?: number[]) {
  const n = Y.length;
  const N = YhatU.length;
  const weights = w ? w.map((x) => (x / w.reduce((a, b) => a + b, 0)) * n) : Y.map(() => 1);
  const weightsU = wU ? wU.map((x) => (x / wU.reduce((a, b) => a + b, 0)) * N) : YhatU.map(() => 1);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const std0 = (xs: number[]) => Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2)));
  const pointAt = (lam: number) =>
    mean(YhatU.map((y, i) => weightsU[i]! * lam * y)) + mean(Y.map((y, i) => weights[i]! * (y - lam * Yhat[i]!)));
  const theta1 = pointAt(1);
  const grads = Y.map((y, i) => weights[i]! * (y - theta1));
  const gradsHat = Yhat.map((y, i) => weights[i]! * (y - theta1));
  const gradsHatU = YhatU.map((y, i) => weightsU[i]! * (y - theta1));
  const gc = grads.map((g) => g - mean(grads));
  const ghc = gradsHat.map((g) => g - mean(gradsHat));
  const covGrads = (1 / n) * (gc.reduce((s, g, i) => s + g * ghc[i]!, 0) + ghc.reduce((s, g, i) => s + g * gc[i]!, 0));
  const all = [...gradsHat, ...gradsHatU];
  const varGradsHat = all.reduce((s, g) => s + (g - mean(all)) ** 2, 0) / (all.length - 1);
  const lam = Math.min(1, Math.max(0, covGrads / (2 * (1 + n / N) * varGradsHat)));
  const imputedStd = std0(YhatU.map((y, i) => weightsU[i]! * lam * y)) / Math.sqrt(N);
  const rectifierStd = std0(Y.map((y, i) => weights[i]! * (y - lam * Yhat[i]!))) / Math.sqrt(n);
  const se = Math.sqrt(imputedStd ** 2 + rectifierStd ** 2);
  const estimate = pointAt(lam);
  return { lam, estimate, lower: estimate - 1.959963984540054 * se, upper: estimate + 1.959963984540054 * se };
}

describe("ppiMean (PPI++, power-tuned)", () => {
  it("matches a hand computation", () => {
    // n = 4, N = 2: cov term 2·4/4 = 2; pooled judge variance 6/5; λ = 2 / (2·3·1.2) = 5/18.
    const result = ppiMean([1, 2, 3, 4], [2, 2, 4, 4], [2, 4])!;
    expect(result.lambda).toBeCloseTo(5 / 18, 12);
    expect(result.estimate).toBeCloseTo(2.5, 12);
    // Residual variance 125/162 over 4, imputed (5/18)²·1 over 2: 25/108 in all.
    expect(result.standardError).toBeCloseTo(Math.sqrt(25 / 108), 12);
  });

  it("equals ppi_py's ppi_mean_ci read independently, on fixed seeded data", () => {
    const random = mulberry32(37);
    for (let round = 0; round < 20; round += 1) {
      const n = 5 + Math.floor(random() * 60);
      const N = 1 + Math.floor(random() * 300);
      const truth = () => 1 + Math.floor(random() * 5);
      const judgeOf = (y: number) => Math.min(5, Math.max(1, Math.round(y + (random() - 0.3) * 2)));
      const Y = Array.from({ length: n }, truth);
      const Yhat = Y.map(judgeOf);
      const YhatU = Array.from({ length: N }, () => judgeOf(truth()));
      const ours = ppiMean(Y, Yhat, YhatU)!;
      const theirs = ppiPyMeanCi(Y, Yhat, YhatU);
      expect(ours.lambda).toBeCloseTo(theirs.lam, 10);
      expect(ours.estimate).toBeCloseTo(theirs.estimate, 10);
      expect(ours.lower).toBeCloseTo(theirs.lower, 10);
      expect(ours.upper).toBeCloseTo(theirs.upper, 10);
    }
  });

  it("clips λ to [0, 1]: a judge that runs against the humans gets λ = 0 and the human-only answer", () => {
    const labels = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5];
    const judge = labels.map((y) => 6 - y);
    expect(powerTunedLambda(labels, judge, [1, 5, 3])).toBe(0);
    const result = ppiMean(labels, judge, [1, 5, 3])!;
    const classical = classicalMean(labels)!;
    expect(result.estimate).toBeCloseTo(classical.estimate, 12);
    expect(result.standardError).toBeCloseTo(classical.standardError, 12);
  });

  it("has no interval with fewer than two labelled items, and λ = 0 with no unlabelled items", () => {
    expect(ppiMean([3], [3], [1, 2])).toBeNull();
    expect(ppiMean([3, 4], [3, 4], [])!.lambda).toBe(0);
  });

  it("treats proportions as means of 0/1", () => {
    const result = ppiMean([1, 0, 0, 1, 0, 0], [1, 0, 0, 1, 1, 0], [1, 0, 0, 0])!;
    const theirs = ppiPyMeanCi([1, 0, 0, 1, 0, 0], [1, 0, 0, 1, 1, 0], [1, 0, 0, 0]);
    expect(result.estimate).toBeCloseTo(theirs.estimate, 12);
  });
});
