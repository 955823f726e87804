// Reliability units of a suite's ratings, fed straight into unit patterns:
// ratings grouped by item once, then for each field the within-group units
// (one per item and sub-field) or the human-side × judge pair units, without
// building an array per unit. Unit order is that of the ratings (items in
// first-appearance order), so the patterns, and every sum over them, come out
// the same as from the units listed one by one.
import { itemNumbers } from "./item-numbers";
import { UnitPatternBuilder, type MeasurementLevel, type RatingValue, type UnitPatterns } from "./unit-patterns";

/** The rows of each item, items in first-appearance order: item i's rows are rowIndexes[itemStarts[i] .. itemStarts[i + 1]). */
export type ItemGroups = { readonly rowIndexes: Int32Array; readonly itemStarts: Int32Array; readonly items: number };

/**
 * A field's values by row, one column per sub-field (each hazard, each tag;
 * one column for a single-valued field). Columns and 0/1 row masks rather than
 * callbacks: a call per row and pairing was most of the report's time.
 */
export type FieldColumns = readonly (readonly RatingValue[])[];
export type RowMask = Uint8Array;

export function groupRowsByItem(items: readonly string[]): ItemGroups {
  const { itemOfRow, items: itemCount } = itemNumbers(items);
  const itemStarts = new Int32Array(itemCount + 1);
  for (let row = 0; row < itemOfRow.length; row += 1) {
    const end = itemOfRow[row]! + 1;
    itemStarts[end] = itemStarts[end]! + 1;
  }
  for (let item = 0; item < itemCount; item += 1) itemStarts[item + 1] = itemStarts[item + 1]! + itemStarts[item]!;
  const next = itemStarts.slice(0, itemCount);
  const rowIndexes = new Int32Array(items.length);
  for (let row = 0; row < itemOfRow.length; row += 1) rowIndexes[next[itemOfRow[row]!]!++] = row;
  return { rowIndexes, itemStarts, items: itemCount };
}

/** One unit per item and sub-field: the values of the rows in `includes`. */
export function withinPatterns(
  groups: ItemGroups,
  includes: RowMask,
  columns: FieldColumns,
  level: MeasurementLevel,
): UnitPatterns {
  const builder = new UnitPatternBuilder(level);
  const { rowIndexes, itemStarts } = groups;
  for (let item = 0; item < groups.items; item += 1) {
    const start = itemStarts[item]!;
    const end = itemStarts[item + 1]!;
    for (const column of columns) {
      for (let position = start; position < end; position += 1) {
        const row = rowIndexes[position]!;
        if (includes[row] === 1) builder.add(column[row]);
      }
      builder.endUnit();
    }
  }
  return builder.finish();
}

/** Calls `visit` for each (human-side row, judge row) pair of the same item, item by item, humans then judges in row order. */
export function forEachCrossPair(
  groups: ItemGroups,
  humanSide: RowMask,
  judges: RowMask,
  visit: (human: number, judge: number) => void,
): void {
  const { rowIndexes, itemStarts } = groups;
  for (let item = 0; item < groups.items; item += 1) {
    const start = itemStarts[item]!;
    const end = itemStarts[item + 1]!;
    for (let humanAt = start; humanAt < end; humanAt += 1) {
      const human = rowIndexes[humanAt]!;
      if (humanSide[human] !== 1) continue;
      for (let judgeAt = start; judgeAt < end; judgeAt += 1) {
        const judge = rowIndexes[judgeAt]!;
        if (judges[judge] === 1) visit(human, judge);
      }
    }
  }
}

/** One unit per human-side × judge pair of an item and sub-field: agreement between the two sides only. */
export function crossPatterns(
  groups: ItemGroups,
  humanSide: RowMask,
  judges: RowMask,
  columns: FieldColumns,
  level: MeasurementLevel,
): UnitPatterns {
  const builder = new UnitPatternBuilder(level);
  forEachCrossPair(groups, humanSide, judges, (human, judge) => {
    for (const column of columns) {
      builder.add(column[human]);
      builder.add(column[judge]);
      builder.endUnit();
    }
  });
  return builder.finish();
}
