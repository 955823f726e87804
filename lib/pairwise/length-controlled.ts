// Length-controlled win rate, after AlpacaEval 2 (Dubois et al. 2024,
// "Length-Controlled AlpacaEval"; tatsu-lab/alpaca_eval metrics/glm_winrate.py):
// fit a logistic model of the preference on the length difference and report
// the win rate the model predicts at equal length, with a bootstrap interval,
// AlpacaEval's warning when it departs far from the raw rate, and no figure at
// all when the judgments cannot tell what happens at equal length.
import { multinomialDraw } from "@/lib/analytics/binomial-draw";
import { mulberry32 } from "@/lib/analytics/seeded-random";
import { bootstrapSettings, percentileInterval, type BootstrapOptions, type Interval } from "./interval";
import { orientTo, type PairwiseJudgment } from "./judgment";
import { preferenceScore } from "./preference";
import { isBetween } from "./win-rate";

export type LengthControlledWinRate = {
  readonly system: string;
  readonly baseline: string;
  readonly judgments: number;
  /**
   * Judgments not on the side of zero most length differences are on (the
   * system shorter than or as long as the baseline when it is mostly longer,
   * and the reverse): what places equal length inside the data.
   */
  readonly otherSide: number;
  /** False when too few judgments lie on the other side (see MIN_OTHER_SIDE): rate, interval and weights are then null. */
  readonly identifiable: boolean;
  /** The predicted win rate with no length difference; null without judgments or when not identifiable. */
  readonly rate: number | null;
  /** Percentile bootstrap interval of the rate over resampled judgments (refitted each time). */
  readonly interval: Interval | null;
  /** AlpacaEval's warning (get_is_extreme_changes: further from the raw rate than 10 points and a quarter of the way to 0 or 1), or more than 0.15 from it. */
  readonly departsFromRaw: boolean;
  /** θ of the model term (the win rate's logit at equal length). */
  readonly intercept: number | null;
  /** φ of tanh(standardised length difference): how much a longer answer is preferred. */
  readonly lengthWeight: number | null;
};

/**
 * Equal length must lie inside the data, not be extrapolated to: at least this
 * many judgments, and this share of them, on the other side of zero from the
 * rest. Below that, simulations with barely overlapping lengths put the
 * estimate anywhere between 0 and 1 (issue 34), so none is given.
 */
export const MIN_OTHER_SIDE = { judgments: 10, share: 0.05 } as const;

/**
 * AlpacaEval's GLM is `logit P(system preferred) = θ + φ·tanh(Δlen / sd(Δlen)) + ψ·difficulty`
 * (no separate intercept: θ is the model's indicator), fitted to soft labels
 * (a tie is ½) by sklearn's LogisticRegressionCV — an L1 penalty with C chosen
 * by 5-fold cross-validation among ten values from 1e-4 to 1e4 — on the
 * model's annotations together with those of two length-gamed variants of the
 * baseline (verbose and concise, on AlpacaEval's own 805 instructions,
 * weighted 0.2 between them), which tie the length weight down. A suite has
 * neither the instruction-difficulty panel nor the gamed baselines, so ours
 * differs in three ways: no ψ term (at Δlen = 0 every judgment then predicts
 * the same logistic(θ)); no gamed rows, so φ is identified by this system's
 * judgments alone, hence MIN_OTHER_SIDE and the interval; and a fixed L2
 * penalty ‖w‖² / 2C with C = 100 instead of the cross-validated L1. On
 * judgments whose lengths overlap the penalty moves the rate by less than
 * 0.002 (statistics.test.ts measures it against the unpenalised fit); it is
 * there to keep the fit finite when one system wins every judgment.
 */
export function lengthControlledWinRate(
  judgments: Iterable<PairwiseJudgment>,
  system: string,
  baseline: string,
  options?: BootstrapOptions,
): LengthControlledWinRate {
  const observations: [difference: number, label: number][] = [];
  for (const judgment of judgments) {
    if (!isBetween(judgment, system, baseline)) continue;
    const oriented = orientTo(judgment, system);
    observations.push([oriented.firstLength - oriented.secondLength, preferenceScore(oriented.preference)]);
  }
  const count = observations.length;
  const none = { intercept: null, lengthWeight: null, rate: null, interval: null, departsFromRaw: false };
  if (count === 0) return { system, baseline, judgments: 0, otherSide: 0, identifiable: false, ...none };
  // Distinct observations in a fixed order, with their counts: the fit and the resamples never depend on row order.
  observations.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const differences: number[] = [];
  const labels: number[] = [];
  const counts: number[] = [];
  for (const [difference, label] of observations) {
    if (differences.at(-1) === difference && labels.at(-1) === label) counts[counts.length - 1]! += 1;
    else {
      differences.push(difference);
      labels.push(label);
      counts.push(1);
    }
  }
  const longer = observations.filter(([difference]) => difference > 0).length;
  const shorter = observations.filter(([difference]) => difference < 0).length;
  const otherSide = count - Math.max(longer, shorter);
  const identifiable =
    longer + shorter === 0 || (otherSide >= MIN_OTHER_SIDE.judgments && otherSide >= MIN_OTHER_SIDE.share * count);
  if (!identifiable) return { system, baseline, judgments: count, otherSide, identifiable, ...none };

  const [intercept, lengthWeight] = fitWeighted(differences, labels, counts);
  const rate = logistic(intercept);
  const raw = observations.reduce((sum, [, label]) => sum + label, 0) / count;
  const { samples, confidence, seed } = bootstrapSettings(options);
  const random = mulberry32(seed);
  const drawn = new Float64Array(counts.length);
  const rates: number[] = [];
  for (let sample = 0; sample < samples; sample += 1) {
    multinomialDraw(count, counts, drawn, random);
    rates.push(logistic(fitWeighted(differences, labels, drawn)[0]));
  }
  return {
    system,
    baseline,
    judgments: count,
    otherSide,
    identifiable,
    rate,
    interval: percentileInterval(rates, confidence),
    departsFromRaw: isExtremeChange(raw, rate),
    intercept,
    lengthWeight,
  };
}

/** Beyond this distance from the raw rate the rate is always flagged, whatever AlpacaEval's rule says. */
export const FAR_FROM_RAW = 0.15;

/**
 * AlpacaEval's get_is_extreme_changes (abs_diff 10 points, rel_diff 4) on rates
 * in [0, 1], or any departure beyond FAR_FROM_RAW: AlpacaEval's own rule lets a
 * rate move up to 0.25 from a raw rate near 0 or 1 unflagged.
 */
export function isExtremeChange(raw: number, controlled: number): boolean {
  const tooSmall = controlled < Math.min(raw - raw / 4, raw - 0.1);
  const tooLarge = controlled > Math.max(raw + (1 - raw) / 4, raw + 0.1);
  return tooSmall || tooLarge || Math.abs(controlled - raw) > FAR_FROM_RAW;
}

/** The fit on distinct observations with weights (counts): Δlen standardised by its weighted sample sd. */
function fitWeighted(
  differences: readonly number[],
  labels: readonly number[],
  weights: ArrayLike<number>,
): [number, number] {
  const spread = weightedStandardDeviation(differences, weights);
  const feature = differences.map((difference) => (spread > 0 ? Math.tanh(difference / spread) : 0));
  return fitLogistic(feature, labels, weights);
}

export const LOGISTIC_PENALTY = 1 / (2 * 100);

/**
 * Newton's method for the two-parameter penalised logistic regression
 * (w₀ + w₁·x) with labels in [0, 1]; the objective is strictly convex, so
 * Newton converges from zero in a handful of steps.
 */
export function fitLogistic(
  feature: readonly number[],
  labels: readonly number[],
  weights?: ArrayLike<number>,
  penalty: number = LOGISTIC_PENALTY,
): [number, number] {
  let w0 = 0;
  let w1 = 0;
  for (let step = 0; step < 100; step += 1) {
    let g0 = 2 * penalty * w0;
    let g1 = 2 * penalty * w1;
    let h00 = 2 * penalty;
    let h01 = 0;
    let h11 = 2 * penalty;
    for (let index = 0; index < labels.length; index += 1) {
      const weight = weights ? weights[index]! : 1;
      if (weight === 0) continue;
      const x = feature[index]!;
      const p = logistic(w0 + w1 * x);
      const residual = weight * (p - labels[index]!);
      const curvature = weight * p * (1 - p);
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

// Sample standard deviation (n − 1), as pandas' .std() in AlpacaEval; each value counted `weights` times.
function weightedStandardDeviation(values: readonly number[], weights: ArrayLike<number>): number {
  let total = 0;
  let sum = 0;
  for (let index = 0; index < values.length; index += 1) {
    total += weights[index]!;
    sum += weights[index]! * values[index]!;
  }
  if (total < 2) return 0;
  const mean = sum / total;
  let squares = 0;
  for (let index = 0; index < values.length; index += 1) squares += weights[index]! * (values[index]! - mean) ** 2;
  return Math.sqrt(squares / (total - 1));
}
