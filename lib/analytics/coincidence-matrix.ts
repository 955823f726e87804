// Krippendorff's coincidence matrix: how often each pair of values was given to
// the same unit, each unit's m_u(m_u − 1) ordered pairs weighted 1/(m_u − 1).
import {
  countPatternUnits,
  groupUnitPatterns,
  type MeasurementLevel,
  type ObservedValue,
  type RatingValue,
  type UnitPatterns,
  type ValuePattern,
} from "./unit-patterns";

export type CoincidenceCell = { readonly row: number; readonly column: number; readonly count: number };

export type CoincidenceMatrix = {
  /** The distinct values, numbers ascending; row and column indexes point here. */
  readonly values: readonly ObservedValue[];
  /** The non-zero cells o_ck, both (c, k) and (k, c), in no set order. Sparse because
   * fractional judge means can make many distinct values. */
  readonly cells: readonly CoincidenceCell[];
  /** n_c: how many pairable values equal values[c] (the row sums). */
  readonly marginals: Float64Array;
  /** n: all values in units with at least two values. */
  readonly pairable: number;
  /** Units with at least two values. */
  readonly units: number;
};

export function coincidenceMatrix(
  units: Iterable<readonly RatingValue[]>,
  options: { level: MeasurementLevel },
): CoincidenceMatrix {
  return matrixOfGroupedUnits(groupUnitPatterns(units, options.level));
}

/** The coincidence matrix of units already grouped into patterns. */
export function matrixOfGroupedUnits(grouped: UnitPatterns): CoincidenceMatrix {
  return matrixFromPatterns(
    grouped.values,
    grouped.patterns,
    countPatternUnits(grouped.patterns.length, grouped.unitPatternIndexes),
  );
}

/** Adds up each pattern's pairs times `unitCounts[pattern]`, the units holding it (resampled counts in the bootstrap). */
export function matrixFromPatterns(
  values: readonly ObservedValue[],
  patterns: readonly ValuePattern[],
  unitCounts: Float64Array,
): CoincidenceMatrix {
  const valueCount = values.length;
  const countByCell = new Map<number, number>();
  const marginals = new Float64Array(valueCount);
  let pairable = 0;
  let pairableUnits = 0;

  patterns.forEach((pattern, patternIndex) => {
    const unitCount = unitCounts[patternIndex] ?? 0;
    if (unitCount === 0) return;
    pairableUnits += unitCount;
    pairable += unitCount * pattern.size;
    const weight = unitCount / (pattern.size - 1);
    const { valueIndexes, counts } = pattern;
    for (let i = 0; i < valueIndexes.length; i += 1) {
      const row = valueIndexes[i]!;
      const rowCount = counts[i]!;
      marginals[row]! += unitCount * rowCount;
      for (let j = 0; j < valueIndexes.length; j += 1) {
        // A value pairs with every other value in its unit, never with itself.
        const pairs = i === j ? rowCount * (rowCount - 1) : rowCount * counts[j]!;
        if (pairs === 0) continue;
        const cell = row * valueCount + valueIndexes[j]!;
        countByCell.set(cell, (countByCell.get(cell) ?? 0) + pairs * weight);
      }
    }
  });

  const cells: CoincidenceCell[] = [];
  for (const [cell, count] of countByCell)
    cells.push({ row: Math.floor(cell / valueCount), column: cell % valueCount, count });
  return { values, cells, marginals, pairable, units: pairableUnits };
}
