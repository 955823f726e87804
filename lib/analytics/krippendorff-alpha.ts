// Krippendorff's alpha: agreement among any number of raters with missing
// ratings, at the nominal, ordinal, interval or ratio level.
import { coincidenceMatrix, type CoincidenceMatrix } from "./coincidence-matrix";
import { disagreementSums } from "./disagreement";
import type { MeasurementLevel, RatingValue } from "./unit-patterns";

export type KrippendorffAlpha = {
  /**
   * 1 − D_o / D_e: 1 is perfect agreement, 0 is agreement at chance, below 0
   * systematic disagreement. Null when it says nothing:
   * - no unit has two values (nothing to compare);
   * - only one unit does: its expected disagreement is then its own observed
   *   disagreement, so alpha is 0 by construction (or 0/0);
   * - D_e is 0: every value is the same, so agreement cannot be told from chance.
   */
  readonly alpha: number | null;
  /** Values in units with at least two values (n). */
  readonly pairable: number;
  /** Units with at least two values. */
  readonly units: number;
  /** D_o = Σ o_ck δ_ck / n; null when nothing is pairable. */
  readonly observedDisagreement: number | null;
  /** D_e = Σ n_c n_k δ_ck / (n(n − 1)); null when nothing is pairable. */
  readonly expectedDisagreement: number | null;
};

/**
 * Each unit lists the values its raters gave one item, in any order and any
 * number; null and undefined are missing ratings and are skipped. Fractional
 * scores (judge means) are values of their own. Strings are allowed at the
 * nominal level only; the ratio level needs values >= 0.
 */
export function krippendorffAlpha(
  units: Iterable<readonly RatingValue[]>,
  options: { level: MeasurementLevel },
): KrippendorffAlpha {
  return alphaFromMatrix(coincidenceMatrix(units, options), options.level);
}

export function alphaFromMatrix(matrix: CoincidenceMatrix, level: MeasurementLevel): KrippendorffAlpha {
  const { pairable, units } = matrix;
  if (pairable === 0) return { alpha: null, pairable, units, observedDisagreement: null, expectedDisagreement: null };
  const sums = disagreementSums(matrix, level);
  const observedDisagreement = sums.observed / pairable;
  const expectedDisagreement = sums.expected / (pairable * (pairable - 1));
  const alpha = units < 2 || sums.expected === 0 ? null : 1 - ((pairable - 1) * sums.observed) / sums.expected;
  return { alpha, pairable, units, observedDisagreement, expectedDisagreement };
}
