// Bootstrap confidence interval for Krippendorff's alpha, resampling units.
import { matrixFromPatterns } from "./coincidence-matrix";
import { alphaFromMatrix } from "./krippendorff-alpha";
import { mulberry32 } from "./seeded-random";
import { groupUnitPatterns, type MeasurementLevel, type RatingValue, type UnitPatterns } from "./unit-patterns";

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
  checkOptions(options);
  return bootstrapGroupedUnits(groupUnitPatterns(units, options.level), options);
}

/** bootstrapAlphaInterval of units already grouped into patterns (the same units, in the same order). */
export function bootstrapGroupedUnits(grouped: UnitPatterns, options: BootstrapAlphaOptions): AlphaInterval | null {
  return bootstrapGroupedUnitsTogether([grouped], options)[0]!;
}

/**
 * bootstrapGroupedUnits of several sets of units at once (`options.level`
 * applies to all), each with the interval it gets alone. A set's resamples
 * come from its own stream of the same seed, so the unit positions drawn
 * depend only on how many units it has: sets of the same size (a report's
 * dimensions over the same items) share each sample's draws, generated once.
 */
export function bootstrapGroupedUnitsTogether(sets: readonly UnitPatterns[], options: BootstrapAlphaOptions): (AlphaInterval | null)[] {
  const { level, samples = 1000, confidence = 0.95, seed = DEFAULT_SEED } = options;
  checkOptions(options);
  const alphasBySet = sets.map((): number[] => []);
  const setsBySize = new Map<number, number[]>();
  sets.forEach((set, index) => setsBySize.set(set.unitPatternIndexes.length, [...(setsBySize.get(set.unitPatternIndexes.length) ?? []), index]));
  for (const [unitTotal, members] of setsBySize) {
    const random = mulberry32(seed);
    // How often each unit was drawn: then each set adds up its patterns in one sequential pass.
    const timesDrawn = new Float64Array(unitTotal);
    const drawnCounts = members.map((index) => new Float64Array(sets[index]!.patterns.length));
    for (let sample = 0; sample < samples; sample += 1) {
      timesDrawn.fill(0);
      for (let draw = 0; draw < unitTotal; draw += 1) timesDrawn[Math.floor(random() * unitTotal)]! += 1;
      members.forEach((setIndex, member) => {
        const { values, patterns, unitPatternIndexes } = sets[setIndex]!;
        const counts = drawnCounts[member]!;
        counts.fill(0);
        for (let unit = 0; unit < unitTotal; unit += 1) counts[unitPatternIndexes[unit]!]! += timesDrawn[unit]!;
        const { alpha } = alphaFromMatrix(matrixFromPatterns(values, patterns, counts), level);
        if (alpha !== null) alphasBySet[setIndex]!.push(alpha);
      });
    }
  }
  const tail = (1 - confidence) / 2;
  return alphasBySet.map((alphas) => {
    if (alphas.length === 0) return null;
    alphas.sort((a, b) => a - b);
    return { low: quantile(alphas, tail), high: quantile(alphas, 1 - tail) };
  });
}

function checkOptions({ samples = 1000, confidence = 0.95 }: BootstrapAlphaOptions): void {
  if (!Number.isInteger(samples) || samples < 1) throw new RangeError(`samples must be a positive integer, got ${samples}.`);
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must lie strictly between 0 and 1, got ${confidence}.`);
}

// Linear interpolation between order statistics (R's type 7).
function quantile(sorted: readonly number[], probability: number): number {
  const position = (sorted.length - 1) * probability;
  const below = Math.floor(position);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}
