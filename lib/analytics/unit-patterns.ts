// Reliability units grouped by the multiset of values they hold: the one pass
// over raw ratings that the coincidence matrix and the bootstrap both start from.

export type MeasurementLevel = "nominal" | "ordinal" | "interval" | "ratio";

/** One rater's value for one unit; null and undefined mean the rater gave none. */
export type RatingValue = number | string | null | undefined;

export type ObservedValue = number | string;

/** A multiset of value indexes: `counts[i]` copies of `valueIndexes[i]`, `size` values in all. */
export type ValuePattern = {
  readonly valueIndexes: Int32Array;
  readonly counts: Int32Array;
  readonly size: number;
};

export type UnitPatterns = {
  /** Distinct values seen in pairable units, numbers ascending (then strings). */
  readonly values: readonly ObservedValue[];
  readonly patterns: readonly ValuePattern[];
  /** For each pairable unit, in input order, the index of its pattern. */
  readonly unitPatternIndexes: Int32Array;
};

/**
 * Reads the units once. Units with fewer than two values are dropped: they
 * form no pairs, so they contribute nothing to any disagreement. Units holding
 * the same values share a pattern, which makes 100k Likert units a few dozen
 * patterns and lets the bootstrap resample cheaply.
 */
export function groupUnitPatterns(units: Iterable<readonly RatingValue[]>, level: MeasurementLevel): UnitPatterns {
  const seenIndexByValue = new Map<ObservedValue, number>();
  const seenValues: ObservedValue[] = [];
  const patternIndexByKey = new Map<string, number>();
  const seenPatterns: number[][] = [];
  const unitPatternIndexes: number[] = [];

  const present: ObservedValue[] = [];
  const indexes: number[] = [];
  for (const unit of units) {
    present.length = 0;
    for (const value of unit) if (value !== null && value !== undefined) present.push(value);
    if (present.length < 2) continue;
    indexes.length = 0;
    for (const value of present) {
      checkValue(value, level);
      let index = seenIndexByValue.get(value);
      if (index === undefined) {
        index = seenValues.length;
        seenIndexByValue.set(value, index);
        seenValues.push(value);
      }
      indexes.push(index);
    }
    sortSmall(indexes);
    const key = indexes.join(",");
    let patternIndex = patternIndexByKey.get(key);
    if (patternIndex === undefined) {
      patternIndex = seenPatterns.length;
      patternIndexByKey.set(key, patternIndex);
      seenPatterns.push(indexes.slice());
    }
    unitPatternIndexes.push(patternIndex);
  }

  const order = seenValues.map((_, index) => index).sort((a, b) => compareValues(seenValues[a]!, seenValues[b]!));
  const sortedIndexOf = new Int32Array(order.length);
  order.forEach((seenIndex, sortedIndex) => (sortedIndexOf[seenIndex] = sortedIndex));

  return {
    values: order.map((seenIndex) => seenValues[seenIndex]!),
    patterns: seenPatterns.map((seenIndexes) => toPattern(seenIndexes.map((index) => sortedIndexOf[index]!))),
    unitPatternIndexes: Int32Array.from(unitPatternIndexes),
  };
}

/** How many units hold each pattern. */
export function countPatternUnits(patternCount: number, unitPatternIndexes: Int32Array): Float64Array {
  const unitCounts = new Float64Array(patternCount);
  for (const patternIndex of unitPatternIndexes) unitCounts[patternIndex]! += 1;
  return unitCounts;
}

// A unit holds a handful of ratings; insertion sort beats the comparator-driven built-in there.
function sortSmall(numbers: number[]): void {
  if (numbers.length > 16) {
    numbers.sort((a, b) => a - b);
    return;
  }
  for (let i = 1; i < numbers.length; i += 1) {
    const current = numbers[i]!;
    let j = i - 1;
    while (j >= 0 && numbers[j]! > current) {
      numbers[j + 1] = numbers[j]!;
      j -= 1;
    }
    numbers[j + 1] = current;
  }
}

function toPattern(indexes: number[]): ValuePattern {
  const countByIndex = new Map<number, number>();
  for (const index of indexes) countByIndex.set(index, (countByIndex.get(index) ?? 0) + 1);
  return {
    valueIndexes: Int32Array.from(countByIndex.keys()),
    counts: Int32Array.from(countByIndex.values()),
    size: indexes.length,
  };
}

// Bad values are a caller's bug (a wrong field or scale), so they throw rather than skew alpha.
function checkValue(value: ObservedValue, level: MeasurementLevel): void {
  if (typeof value === "string") {
    if (level !== "nominal") throw new TypeError(`String value "${value}" is allowed at the nominal level only, not ${level}.`);
    return;
  }
  if (!Number.isFinite(value)) throw new RangeError(`Value ${value} is not a finite number.`);
  if (level === "ratio" && value < 0) throw new RangeError(`Value ${value} is negative; the ratio level needs values >= 0.`);
}

function compareValues(a: ObservedValue, b: ObservedValue): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "number") return -1;
  if (typeof b === "number") return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
