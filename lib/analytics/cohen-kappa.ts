// Agreement between exactly two raters on an ordinal scale, such as one human
// and the LLM judge on the same items.

export type RatingPair = readonly [number, number];

const LIKERT_CATEGORIES: readonly number[] = [1, 2, 3, 4, 5];

/**
 * Cohen's kappa with quadratic weights (i − j)² on category positions, so a
 * 1-vs-5 disagreement costs 16 times a 1-vs-2 one. A fractional value (a judge
 * mean) counts as the nearest category, a tie going to the higher one (3.5 → 4),
 * because kappa needs the ratings in shared categories; a value outside the
 * categories' range throws, as it means a wrong scale. Null when undefined:
 * no pairs, or no expected disagreement (both raters always used one and the
 * same category).
 */
export function quadraticWeightedKappa(
  pairs: Iterable<RatingPair>,
  categories: readonly number[] = LIKERT_CATEGORIES,
): number | null {
  const scale = checkCategories(categories);
  const size = scale.length;
  const observed = new Float64Array(size * size);
  const firstTotals = new Float64Array(size);
  const secondTotals = new Float64Array(size);
  let total = 0;
  for (const [first, second] of pairs) {
    const row = nearestCategory(first, scale);
    const column = nearestCategory(second, scale);
    observed[row * size + column]! += 1;
    firstTotals[row]! += 1;
    secondTotals[column]! += 1;
    total += 1;
  }
  if (total === 0) return null;

  let observedDisagreement = 0;
  let expectedDisagreement = 0;
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      const weight = (row - column) ** 2;
      observedDisagreement += weight * observed[row * size + column]!;
      expectedDisagreement += (weight * firstTotals[row]! * secondTotals[column]!) / total;
    }
  }
  return expectedDisagreement === 0 ? null : 1 - observedDisagreement / expectedDisagreement;
}

/** Mean of |first − second| on the raw values, fractions kept; null for no pairs. */
export function meanAbsoluteDifference(pairs: Iterable<RatingPair>): number | null {
  let sum = 0;
  let total = 0;
  for (const [first, second] of pairs) {
    if (!Number.isFinite(first) || !Number.isFinite(second))
      throw new RangeError(`Pair [${first}, ${second}] holds a value that is not a finite number.`);
    sum += Math.abs(first - second);
    total += 1;
  }
  return total === 0 ? null : sum / total;
}

function checkCategories(categories: readonly number[]): readonly number[] {
  const scale = [...categories].sort((a, b) => a - b);
  if (scale.length < 2) throw new RangeError("Kappa needs at least two categories.");
  scale.forEach((category, index) => {
    if (!Number.isFinite(category)) throw new RangeError(`Category ${category} is not a finite number.`);
    if (index > 0 && category === scale[index - 1]) throw new RangeError(`Category ${category} is listed twice.`);
  });
  return scale;
}

function nearestCategory(value: number, scale: readonly number[]): number {
  if (!(value >= scale[0]! && value <= scale[scale.length - 1]!)) {
    throw new RangeError(`Value ${value} lies outside the categories ${scale[0]}..${scale[scale.length - 1]}.`);
  }
  let nearest = 0;
  for (let index = 1; index < scale.length; index += 1) {
    // `<=` sends a value halfway between two categories to the higher one.
    if (Math.abs(scale[index]! - value) <= Math.abs(scale[nearest]! - value)) nearest = index;
  }
  return nearest;
}
