// Ratings to per-item values: several ratings of one item (several humans, or
// a judge's several samples) are averaged into that item's one value.

/** `items[r]` is rating r's item index (0…itemCount−1), `values[r]` its value; NaN for an item no rating gives. */
export function averageByItem(items: ArrayLike<number>, values: ArrayLike<number>, itemCount: number): Float64Array {
  const sums = new Float64Array(itemCount);
  const counts = new Uint32Array(itemCount);
  for (let rating = 0; rating < items.length; rating += 1) {
    const value = values[rating]!;
    if (Number.isNaN(value)) continue;
    sums[items[rating]!]! += value;
    counts[items[rating]!]! += 1;
  }
  for (let item = 0; item < itemCount; item += 1) sums[item] = counts[item] ? sums[item]! / counts[item]! : NaN;
  return sums;
}
