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
  /** Ordered by their sorted values, whatever order the units came in. */
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
  const builder = new UnitPatternBuilder(level);
  for (const unit of units) {
    for (const value of unit) builder.add(value);
    builder.endUnit();
  }
  return builder.finish();
}

// A trie over a unit's sorted value indexes finds its pattern without building a key string per unit.
type PatternNode = { next: Map<number, PatternNode>; pattern: number };

/**
 * groupUnitPatterns fed one value at a time, so callers holding ratings in
 * columns need not build an array per unit. Same result for the same values
 * in the same order.
 */
export class UnitPatternBuilder {
  private readonly seenIndexByValue = new Map<ObservedValue, number>();
  private readonly seenValues: ObservedValue[] = [];
  private readonly root: PatternNode = { next: new Map(), pattern: -1 };
  private readonly seenPatterns: number[][] = [];
  private unitPatternIndexes = new Int32Array(1024);
  private unitCount = 0;
  // The current unit, reused with a count rather than reallocated or truncated per unit.
  private readonly present: ObservedValue[] = [];
  private presentCount = 0;
  private indexes = new Int32Array(16);

  constructor(private readonly level: MeasurementLevel) {}

  /** A value of the current unit; null and undefined (missing ratings) are skipped. */
  add(value: RatingValue): void {
    if (value !== null && value !== undefined) this.present[this.presentCount++] = value;
  }

  endUnit(): void {
    const size = this.presentCount;
    this.presentCount = 0;
    if (size < 2) return;
    if (size > this.indexes.length) this.indexes = new Int32Array(size * 2);
    const { present, indexes } = this;
    for (let position = 0; position < size; position += 1) {
      const value = present[position]!;
      checkValue(value, this.level);
      let index = this.seenIndexByValue.get(value);
      if (index === undefined) {
        index = this.seenValues.length;
        this.seenIndexByValue.set(value, index);
        this.seenValues.push(value);
      }
      indexes[position] = index;
    }
    const sorted = indexes.subarray(0, size);
    sortSmall(sorted);
    let node = this.root;
    for (let position = 0; position < size; position += 1) {
      const index = sorted[position]!;
      let child = node.next.get(index);
      if (!child) {
        child = { next: new Map(), pattern: -1 };
        node.next.set(index, child);
      }
      node = child;
    }
    if (node.pattern < 0) {
      node.pattern = this.seenPatterns.length;
      this.seenPatterns.push(Array.from(sorted));
    }
    if (this.unitCount === this.unitPatternIndexes.length) {
      const grown = new Int32Array(this.unitCount * 2);
      grown.set(this.unitPatternIndexes);
      this.unitPatternIndexes = grown;
    }
    this.unitPatternIndexes[this.unitCount++] = node.pattern;
  }

  finish(): UnitPatterns {
    const { seenValues } = this;
    const order = seenValues.map((_, index) => index).sort((a, b) => compareValues(seenValues[a]!, seenValues[b]!));
    const sortedIndexOf = new Int32Array(order.length);
    order.forEach((seenIndex, sortedIndex) => (sortedIndexOf[seenIndex] = sortedIndex));
    // Patterns in a canonical order (by their sorted values), so nothing computed from them depends on the units' order.
    const sortedPatterns = this.seenPatterns.map((seenIndexes) =>
      sortSmall(seenIndexes.map((index) => sortedIndexOf[index]!)),
    );
    const patternOrder = sortedPatterns
      .map((_, index) => index)
      .sort((a, b) => compareIndexLists(sortedPatterns[a]!, sortedPatterns[b]!));
    const canonicalIndexOf = new Int32Array(patternOrder.length);
    patternOrder.forEach((seenIndex, canonicalIndex) => (canonicalIndexOf[seenIndex] = canonicalIndex));
    return {
      values: order.map((seenIndex) => seenValues[seenIndex]!),
      patterns: patternOrder.map((seenIndex) => toPattern(sortedPatterns[seenIndex]!)),
      unitPatternIndexes: this.unitPatternIndexes
        .slice(0, this.unitCount)
        .map((seenIndex) => canonicalIndexOf[seenIndex]!),
    };
  }
}

/** How many units hold each pattern. */
export function countPatternUnits(patternCount: number, unitPatternIndexes: Int32Array): Float64Array {
  const unitCounts = new Float64Array(patternCount);
  for (const patternIndex of unitPatternIndexes) unitCounts[patternIndex]! += 1;
  return unitCounts;
}

function compareIndexLists(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1)
    if (a[index] !== b[index]) return a[index]! - b[index]!;
  return a.length - b.length;
}

// A unit holds a handful of ratings; insertion sort beats the comparator-driven built-in there.
function sortSmall<T extends number[] | Int32Array>(numbers: T): T {
  if (numbers.length > 16) {
    numbers.sort((a: number, b: number) => a - b);
    return numbers;
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
  return numbers;
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
    if (level !== "nominal")
      throw new TypeError(`String value "${value}" is allowed at the nominal level only, not ${level}.`);
    return;
  }
  if (!Number.isFinite(value)) throw new RangeError(`Value ${value} is not a finite number.`);
  if (level === "ratio" && value < 0)
    throw new RangeError(`Value ${value} is negative; the ratio level needs values >= 0.`);
}

function compareValues(a: ObservedValue, b: ObservedValue): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "number") return -1;
  if (typeof b === "number") return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
