// How many more human ratings (labelled items) a corrected estimate needs to
// reach a target interval width. With the judge's slope re-tuned at each n,
// the PPI++ variance (and the uniform design's) is
//   Var(n) = σ²_r/n + (σ²_Y − σ²_r)/N_total,
// where σ²_Y is the labels' variance and σ²_r = σ²_Y(1 − ρ²) the residual
// variance after the judge's best linear fit: the PPI++ paper's optimal-λ
// variance (σ²_Y/n)(1 − ρ²·N/(n + N)) with N = N_total − n unlabelled items.
import { Z95 } from "./interval";

export type RatingsNeededInput = {
  /** Variance of the human labels. */
  labelVariance: number;
  /** Variance of the labels left after the judge's best linear fit, σ²_Y(1 − ρ²). */
  residualVariance: number;
  /** Items with a label now. */
  labelled: number;
  /** Items a label could be had for (labelled + unlabelled). */
  totalItems: number;
  /** Full width (upper − lower) of the 95 % interval wanted. */
  targetWidth: number;
};

export type RatingsNeeded = { reachable: true; more: number; atLabelled: number } | { reachable: false };

export function predictedVariance(input: Omit<RatingsNeededInput, "targetWidth">, labelled: number): number {
  return input.residualVariance / labelled + (input.labelVariance - input.residualVariance) / input.totalItems;
}

export function ratingsNeeded(input: RatingsNeededInput): RatingsNeeded {
  const allowed = (input.targetWidth / (2 * Z95)) ** 2;
  const floor = (input.labelVariance - input.residualVariance) / input.totalItems;
  if (!(allowed > floor)) return { reachable: false };
  const atLabelled = Math.max(1, Math.ceil(input.residualVariance / (allowed - floor) - 1e-9));
  if (atLabelled > input.totalItems) return { reachable: false };
  return { reachable: true, atLabelled, more: Math.max(0, atLabelled - input.labelled) };
}

/** σ²_Y and σ²_Y(1 − ρ²) of labelled pairs (divisor n), for ratingsNeeded. */
export function labelledVariances(labels: ArrayLike<number>, judge: ArrayLike<number>) {
  const n = labels.length;
  let labelSum = 0;
  let judgeSum = 0;
  for (let index = 0; index < n; index += 1) {
    labelSum += labels[index]!;
    judgeSum += judge[index]!;
  }
  const labelMean = labelSum / n;
  const judgeMean = judgeSum / n;
  let labelSquares = 0;
  let judgeSquares = 0;
  let cross = 0;
  for (let index = 0; index < n; index += 1) {
    labelSquares += (labels[index]! - labelMean) ** 2;
    judgeSquares += (judge[index]! - judgeMean) ** 2;
    cross += (labels[index]! - labelMean) * (judge[index]! - judgeMean);
  }
  const labelVariance = labelSquares / n;
  const correlationSquared = judgeSquares > 0 && labelSquares > 0 ? (cross * cross) / (labelSquares * judgeSquares) : 0;
  return { labelVariance, residualVariance: labelVariance * (1 - correlationSquared) };
}
