// Bootstrap confidence interval for Krippendorff's alpha, resampling units.
import { matrixFromPatterns } from "./coincidence-matrix";
import { alphaFromMatrix } from "./krippendorff-alpha";
import { multinomialDraw } from "./binomial-draw";
import { mulberry32 } from "./seeded-random";
import {
  countPatternUnits,
  groupUnitPatterns,
  type MeasurementLevel,
  type RatingValue,
  type UnitPatterns,
} from "./unit-patterns";

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
 * coincidence matrix, so a resample only needs how many of each pattern were
 * drawn. Those counts are multinomial over the patterns (weights: their unit
 * counts), and are drawn as such: a few binomial draws per pattern rather
 * than one random number per unit, with the same distribution. Patterns come
 * in a canonical order, so the interval depends on the units, not on the
 * order they were listed in.
 */
export function bootstrapAlphaInterval(
  units: Iterable<readonly RatingValue[]>,
  options: BootstrapAlphaOptions,
): AlphaInterval | null {
  checkOptions(options);
  return bootstrapGroupedUnits(groupUnitPatterns(units, options.level), options);
}

/** bootstrapAlphaInterval of units already grouped into patterns. */
export function bootstrapGroupedUnits(grouped: UnitPatterns, options: BootstrapAlphaOptions): AlphaInterval | null {
  const { level, samples = 1000, confidence = 0.95, seed = DEFAULT_SEED } = options;
  checkOptions(options);
  const { values, patterns, unitPatternIndexes } = grouped;
  const unitCounts = countPatternUnits(patterns.length, unitPatternIndexes);
  const random = mulberry32(seed);
  const alphas: number[] = [];
  const drawnCounts = new Float64Array(patterns.length);
  for (let sample = 0; sample < samples; sample += 1) {
    multinomialDraw(unitPatternIndexes.length, unitCounts, drawnCounts, random);
    const { alpha } = alphaFromMatrix(matrixFromPatterns(values, patterns, drawnCounts), level);
    if (alpha !== null) alphas.push(alpha);
  }
  if (alphas.length === 0) return null;
  alphas.sort((a, b) => a - b);
  const tail = (1 - confidence) / 2;
  return { low: quantile(alphas, tail), high: quantile(alphas, 1 - tail) };
}

function checkOptions({ samples = 1000, confidence = 0.95 }: BootstrapAlphaOptions): void {
  if (!Number.isInteger(samples) || samples < 1)
    throw new RangeError(`samples must be a positive integer, got ${samples}.`);
  if (!(confidence > 0 && confidence < 1))
    throw new RangeError(`confidence must lie strictly between 0 and 1, got ${confidence}.`);
}

// Linear interpolation between order statistics (R's type 7).
function quantile(sorted: readonly number[], probability: number): number {
  const position = (sorted.length - 1) * probability;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}
