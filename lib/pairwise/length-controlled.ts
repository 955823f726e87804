// Length-controlled win rate, after AlpacaEval 2 (Dubois et al. 2024,
// "Length-Controlled AlpacaEval"; tatsu-lab/alpaca_eval metrics/glm_winrate.py):
// fit a logistic model of the preference on the length difference and report
// the win rate the model predicts at equal length.
import { orientTo, type PairwiseJudgment } from "./judgment";
import { preferenceScore } from "./preference";
import { isBetween } from "./win-rate";

export type LengthControlledWinRate = {
  readonly system: string;
  readonly baseline: string;
  readonly judgments: number;
  /** The predicted win rate with no length difference; null without judgments. */
  readonly rate: number | null;
  /** θ of the model term (the win rate's logit at equal length). */
  readonly intercept: number | null;
  /** φ of tanh(standardised length difference): how much a longer answer is preferred. */
  readonly lengthWeight: number | null;
};

/**
 * AlpacaEval's GLM is `logit P(system preferred) = θ + φ·tanh(Δlen / sd(Δlen)) + ψ·difficulty`,
 * fitted to soft labels (a tie is ½) with a weak penalty, then predicted with
 * Δlen = 0. Its instruction-difficulty term comes from a fixed panel of models
 * on its own 805 instructions, which a suite does not have, so it is left out
 * here: with Δlen = 0 every judgment then predicts the same logistic(θ).
 * The penalty is sklearn's C = 100 as AlpacaEval uses it (‖w‖² / 2C beside the
 * summed log loss): small enough not to matter on real data, enough to keep
 * the fit finite when one system wins every judgment.
 */
export function lengthControlledWinRate(
  judgments: Iterable<PairwiseJudgment>,
  system: string,
  baseline: string,
): LengthControlledWinRate {
  const labels: number[] = [];
  const differences: number[] = [];
  for (const judgment of judgments) {
    if (!isBetween(judgment, system, baseline)) continue;
    const oriented = orientTo(judgment, system);
    labels.push(preferenceScore(oriented.preference));
    differences.push(oriented.firstLength - oriented.secondLength);
  }
  const count = labels.length;
  if (count === 0) return { system, baseline, judgments: 0, rate: null, intercept: null, lengthWeight: null };
  const spread = standardDeviation(differences);
  const feature = differences.map((difference) => (spread > 0 ? Math.tanh(difference / spread) : 0));
  const [intercept, lengthWeight] = fitLogistic(feature, labels);
  return { system, baseline, judgments: count, rate: logistic(intercept), intercept, lengthWeight };
}

export const LOGISTIC_PENALTY = 1 / (2 * 100);

/**
 * Newton's method for the two-parameter penalised logistic regression
 * (w₀ + w₁·x) with labels in [0, 1]; the objective is strictly convex, so
 * Newton converges from zero in a handful of steps.
 */
export function fitLogistic(feature: readonly number[], labels: readonly number[]): [number, number] {
  let w0 = 0;
  let w1 = 0;
  for (let step = 0; step < 100; step += 1) {
    let g0 = 2 * LOGISTIC_PENALTY * w0;
    let g1 = 2 * LOGISTIC_PENALTY * w1;
    let h00 = 2 * LOGISTIC_PENALTY;
    let h01 = 0;
    let h11 = 2 * LOGISTIC_PENALTY;
    for (let index = 0; index < labels.length; index += 1) {
      const x = feature[index]!;
      const p = logistic(w0 + w1 * x);
      const residual = p - labels[index]!;
      const curvature = p * (1 - p);
      g0 += residual;
      g1 += residual * x;
      h00 += curvature;
      h01 += curvature * x;
      h11 += curvature * x * x;
    }
    const determinant = h00 * h11 - h01 * h01;
    const d0 = (h11 * g0 - h01 * g1) / determinant;
    const d1 = (h00 * g1 - h01 * g0) / determinant;
    w0 -= d0;
    w1 -= d1;
    if (Math.abs(d0) < 1e-12 && Math.abs(d1) < 1e-12) break;
  }
  return [w0, w1];
}

export function logistic(x: number): number {
  return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}

// Sample standard deviation (n − 1), as pandas' .std() in AlpacaEval.
function standardDeviation(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const squares = values.reduce((sum, value) => sum + (value - mean) ** 2, 0);
  return Math.sqrt(squares / (values.length - 1));
}
