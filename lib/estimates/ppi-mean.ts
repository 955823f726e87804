// The PPI++ mean (Angelopoulos, Duchi & Zrnic 2023, "PPI++: Efficient
// Prediction-Powered Inference", the mean case of their power-tuned estimator
// θ̂_λ = λ·mean(f(X̃)) + mean(Y − λ·f(X))), written the way ppi_py's
// `ppi_mean_ci` computes it with unit weights: λ from `_calc_lam_glm` at the
// λ = 1 point estimate, clipped to [0, 1]; the interval from the two terms'
// variances (divisor n), which are independent because the labelled and
// unlabelled sets are disjoint.
import { meanOf, normalInterval, populationVariance, type Interval } from "./interval";

export type PpiEstimate = Interval & { lambda: number };

/**
 * `labels[i]` and `judgeOnLabelled[i]` describe the same labelled item; `judgeOnUnlabelled`
 * are the items only the judge rated. Null when fewer than two labelled items.
 */
export function ppiMean(
  labels: ArrayLike<number>,
  judgeOnLabelled: ArrayLike<number>,
  judgeOnUnlabelled: ArrayLike<number>,
): PpiEstimate | null {
  const n = labels.length;
  const N = judgeOnUnlabelled.length;
  if (n < 2 || judgeOnLabelled.length !== n) return null;
  const lambda = N === 0 ? 0 : powerTunedLambda(labels, judgeOnLabelled, judgeOnUnlabelled);
  const residuals = new Float64Array(n);
  for (let index = 0; index < n; index += 1) residuals[index] = labels[index]! - lambda * judgeOnLabelled[index]!;
  const imputed = N === 0 ? 0 : lambda * meanOf(judgeOnUnlabelled);
  const imputedVariance = N === 0 ? 0 : (lambda * lambda * populationVariance(judgeOnUnlabelled)) / N;
  const estimate = imputed + meanOf(residuals);
  return { ...normalInterval(estimate, Math.sqrt(imputedVariance + populationVariance(residuals) / n)), lambda };
}

/**
 * ppi_py's `_calc_lam_glm` for the mean (inverse Hessian 1): 2·cov(Y, f)/n-sum over
 * 2(1 + n/N)·var(f over both sets, divisor n+N−1), clipped to [0, 1]. The gradients'
 * common shift by the λ = 1 point estimate cancels in both moments, so it is left out.
 */
export function powerTunedLambda(
  labels: ArrayLike<number>,
  judgeOnLabelled: ArrayLike<number>,
  judgeOnUnlabelled: ArrayLike<number>,
): number {
  const n = labels.length;
  const N = judgeOnUnlabelled.length;
  const labelMean = meanOf(labels);
  const judgeLabelledMean = meanOf(judgeOnLabelled);
  let crossSum = 0;
  for (let index = 0; index < n; index += 1) {
    crossSum += (labels[index]! - labelMean) * (judgeOnLabelled[index]! - judgeLabelledMean);
  }
  const covariance = (2 * crossSum) / n;
  let judgeSum = 0;
  for (let index = 0; index < n; index += 1) judgeSum += judgeOnLabelled[index]!;
  for (let index = 0; index < N; index += 1) judgeSum += judgeOnUnlabelled[index]!;
  const judgeMean = judgeSum / (n + N);
  let squares = 0;
  for (let index = 0; index < n; index += 1) squares += (judgeOnLabelled[index]! - judgeMean) ** 2;
  for (let index = 0; index < N; index += 1) squares += (judgeOnUnlabelled[index]! - judgeMean) ** 2;
  const judgeVariance = squares / (n + N - 1);
  if (!(judgeVariance > 0)) return 0;
  return clipUnit(covariance / (2 * (1 + n / N) * judgeVariance));
}

export function clipUnit(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, value));
}
