// The 95 % normal (CLT) interval every estimate here reports, and the moments
// the estimators are built from.

/** z for a two-sided 95 % normal interval (Φ⁻¹(0.975)). */
export const Z95 = 1.959963984540054;

export type Interval = {
  estimate: number;
  lower: number;
  upper: number;
  standardError: number;
};

export function normalInterval(estimate: number, standardError: number): Interval {
  return { estimate, lower: estimate - Z95 * standardError, upper: estimate + Z95 * standardError, standardError };
}

export function meanOf(values: ArrayLike<number>): number {
  let sum = 0;
  for (let index = 0; index < values.length; index += 1) sum += values[index]!;
  return sum / values.length;
}

/** Variance with divisor n (numpy's default `std(ddof=0)` squared, as ppi_py uses). */
export function populationVariance(values: ArrayLike<number>): number {
  const mean = meanOf(values);
  let sum = 0;
  for (let index = 0; index < values.length; index += 1) sum += (values[index]! - mean) ** 2;
  return sum / values.length;
}

/** The classical CLT interval of a sample mean: ppi_py's `classical_mean_ci` (sd with divisor n). */
export function classicalMean(values: ArrayLike<number>): Interval | null {
  if (values.length < 2) return null;
  return normalInterval(meanOf(values), Math.sqrt(populationVariance(values) / values.length));
}
