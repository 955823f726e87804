// Bootstrap confidence interval for Krippendorff's alpha, resampling units.
import { matrixFromPatterns } from "./coincidence-matrix";
import { alphaFromMatrix } from "./krippendorff-alpha";
import { mulberry32 } from "./seeded-random";
import { groupUnitPatterns, type MeasurementLevel, type RatingValue } from "./unit-patterns";

export type AlphaInterval = { readonly low: number; readonly high: number };

export type BootstrapAlphaOptions = {
  level: MeasurementLevel;
  /** Resamples to draw; 1000 by default. */
  samples?: number;
  /** Two-sided coverage, 0.95 by default. */
  confidence?: number;
  /** Fixed by default so a dashboard shows the same interval on every load. */
  seed?: number;
};

const DEFAULT_SEED = 20111;

/**
 * Percentile interval of alpha over resamples of the units: each resample draws
 * as many units as there are, with replacement, keeping each unit's values
 * together, as is common for rater-agreement intervals since units (items) are
 * what is sampled from a population. Only units with two or more values are
 * drawn; the others add nothing to alpha. A resample whose alpha is undefined
 * (every drawn value the same) is left out. Null when no resample has an
 * alpha, which is always so when the data's own alpha is null.
 *
 * Units holding the same values share one precomputed contribution to the
 * coincidence matrix, so a resample only counts how often each was drawn.
 */
export function bootstrapAlphaInterval(
  units: Iterable<readonly RatingValue[]>,
  options: BootstrapAlphaOptions,
): AlphaInterval | null {
  const { level, samples = 1000, confidence = 0.95, seed = DEFAULT_SEED } = options;
  if (!Number.isInteger(samples) || samples < 1) throw new RangeError(`samples must be a positive integer, got ${samples}.`);
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must lie strictly between 0 and 1, got ${confidence}.`);

  const { values, patterns, unitPatternIndexes } = groupUnitPatterns(units, level);
  const unitTotal = unitPatternIndexes.length;
  const random = mulberry32(seed);
  const alphas: number[] = [];
  const drawnCounts = new Float64Array(patterns.length);
  for (let sample = 0; sample < samples; sample += 1) {
    drawnCounts.fill(0);
    for (let draw = 0; draw < unitTotal; draw += 1) drawnCounts[unitPatternIndexes[Math.floor(random() * unitTotal)]!]! += 1;
    const { alpha } = alphaFromMatrix(matrixFromPatterns(values, patterns, drawnCounts), level);
    if (alpha !== null) alphas.push(alpha);
  }
  if (alphas.length === 0) return null;
  alphas.sort((a, b) => a - b);
  const tail = (1 - confidence) / 2;
  return { low: quantile(alphas, tail), high: quantile(alphas, 1 - tail) };
}

// Linear interpolation between order statistics (R's type 7).
function quantile(sorted: readonly number[], probability: number): number {
  const position = (sorted.length - 1) * probability;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}
