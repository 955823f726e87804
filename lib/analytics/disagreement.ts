// Observed and expected disagreement of a coincidence matrix under each
// level's distance function (Krippendorff 2011, "Computing Krippendorff's
// Alpha-Reliability").
import type { CoincidenceMatrix } from "./coincidence-matrix";
import type { MeasurementLevel } from "./unit-patterns";

/** Σ o_ck δ(c,k) and Σ n_c n_k δ(c,k), the two sums alpha divides. */
export type DisagreementSums = { readonly observed: number; readonly expected: number };

export function disagreementSums(matrix: CoincidenceMatrix, level: MeasurementLevel): DisagreementSums {
  // One distinct value means nothing to disagree about; saying so exactly
  // avoids a rounding residue posing as disagreement.
  if (matrix.marginals.filter((count) => count > 0).length < 2) return { observed: 0, expected: 0 };
  if (level === "nominal") return nominalSums(matrix);
  if (level === "ratio") return ratioSums(matrix);
  return squaredDifferenceSums(
    matrix,
    level === "ordinal" ? ordinalPositions(matrix.marginals) : numericValues(matrix),
  );
}

// δ = 0 for equal values, 1 otherwise.
function nominalSums({ cells, marginals, pairable }: CoincidenceMatrix): DisagreementSums {
  let observed = 0;
  for (const cell of cells) if (cell.row !== cell.column) observed += cell.count;
  let sameValuePairs = 0;
  for (const count of marginals) sameValuePairs += count * count;
  return { observed, expected: pairable * pairable - sameValuePairs };
}

// δ = ((c − k) / (c + k))²; values are >= 0, so c + k = 0 only when c = k.
function ratioSums(matrix: CoincidenceMatrix): DisagreementSums {
  const values = numericValues(matrix);
  const distance = (c: number, k: number) => {
    const sum = values[c]! + values[k]!;
    return sum === 0 ? 0 : ((values[c]! - values[k]!) / sum) ** 2;
  };
  let observed = 0;
  for (const cell of matrix.cells) observed += cell.count * distance(cell.row, cell.column);
  // No shortcut exists for this metric, so expected disagreement costs (distinct values)².
  let expected = 0;
  const { marginals } = matrix;
  for (let c = 0; c < values.length; c += 1) {
    if (marginals[c] === 0) continue;
    for (let k = c + 1; k < values.length; k += 1) expected += 2 * marginals[c]! * marginals[k]! * distance(c, k);
  }
  return { observed, expected };
}

/**
 * δ = (x_c − x_k)², where x is the value itself (interval) or its midrank
 * (ordinal, see below). Then Σ n_c n_k δ = 2n Σ n_c (x_c − x̄)², so expected
 * disagreement costs one pass over the values however many there are;
 * centring on the mean keeps it accurate.
 */
function squaredDifferenceSums(
  { cells, marginals, pairable }: CoincidenceMatrix,
  positions: Float64Array,
): DisagreementSums {
  let observed = 0;
  for (const cell of cells) observed += cell.count * (positions[cell.row]! - positions[cell.column]!) ** 2;
  let weightedSum = 0;
  marginals.forEach((count, index) => (weightedSum += count * positions[index]!));
  const mean = weightedSum / pairable;
  let spread = 0;
  marginals.forEach((count, index) => (spread += count * (positions[index]! - mean) ** 2));
  return { observed, expected: 2 * pairable * spread };
}

/**
 * Krippendorff's ordinal distance (Σ_{g=c..k} n_g − (n_c + n_k)/2)² equals
 * (x_k − x_c)² with x_g = (values below g) + n_g/2, the value's midrank, so the
 * ordinal level is the interval level on midranks.
 */
function ordinalPositions(marginals: Float64Array): Float64Array {
  const positions = new Float64Array(marginals.length);
  let below = 0;
  marginals.forEach((count, index) => {
    positions[index] = below + count / 2;
    below += count;
  });
  return positions;
}

function numericValues({ values }: CoincidenceMatrix): Float64Array {
  return Float64Array.from(values, (value) => {
    if (typeof value !== "number") throw new TypeError(`String value "${value}" is allowed at the nominal level only.`);
    return value;
  });
}
