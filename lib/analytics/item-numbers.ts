// Each rating's item as a number (items numbered in first-appearance order),
// by an open-addressing table of the keys' own hash: at a million distinct
// "task|system" keys a Map took twice as long, most of it growing its table
// and the garbage of doing so. A key set whose hashes collide (crafted task
// ids) would make the table quadratic, so past a probe budget it hands over
// to the Map, whose string hash V8 seeds per process.

/** The item number of each row, and how many distinct items there are. */
export type ItemNumbers = { itemOfRow: Int32Array; items: number };

/** FNV-1a over the UTF-16 code units, with a final mix so the low bits (the table's slot) depend on every unit. */
export function fnv1a(key: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < key.length; at += 1) hash = Math.imul(hash ^ key.charCodeAt(at), 0x01000193);
  return hash ^ (hash >>> 15);
}

// Linear probing at a load of at most ½ averages about 1.5 probes per key; eight times that (plus a start) is no accident.
const PROBE_BUDGET_PER_ROW = 8;
const PROBE_BUDGET_START = 1024;

export function itemNumbers(items: readonly string[], hash: (key: string) => number = fnv1a): ItemNumbers {
  let capacity = 16;
  while (capacity < 2 * items.length) capacity *= 2;
  const mask = capacity - 1;
  const table = new Int32Array(capacity).fill(-1);
  const firstRowOf = new Int32Array(items.length);
  const itemOfRow = new Int32Array(items.length);
  let count = 0;
  let probes = 0;
  for (let row = 0; row < items.length; row += 1) {
    const key = items[row]!;
    let slot = hash(key) & mask;
    for (;;) {
      const item = table[slot]!;
      if (item < 0) {
        table[slot] = count;
        firstRowOf[count] = row;
        itemOfRow[row] = count++;
        break;
      }
      if (items[firstRowOf[item]!] === key) {
        itemOfRow[row] = item;
        break;
      }
      slot = (slot + 1) & mask;
      probes += 1;
    }
    if (probes > PROBE_BUDGET_START + PROBE_BUDGET_PER_ROW * row) return itemNumbersByMap(items);
  }
  return { itemOfRow, items: count };
}

export function itemNumbersByMap(items: readonly string[]): ItemNumbers {
  const numberOf = new Map<string, number>();
  const itemOfRow = new Int32Array(items.length);
  items.forEach((key, row) => {
    let item = numberOf.get(key);
    if (item === undefined) numberOf.set(key, (item = numberOf.size));
    itemOfRow[row] = item;
  });
  return { itemOfRow, items: numberOf.size };
}
