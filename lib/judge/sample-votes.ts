// How one field's values from several judge samples combine into one: the
// voting, averaging and text-joining primitives behind aggregate.ts.

/** One sample's value of a field; `sample` is the sample's 0-based position among all n. */
export type Vote<T> = { sample: number; value: T };

type Primitive = string | number | boolean | null;

/**
 * The most frequent value. On a tie, `preferTied` picks among the tied values,
 * which it receives in order of first appearance (earliest sample first).
 */
export function majority<T extends Primitive>(votes: Vote<T>[], preferTied: (tied: T[]) => T = (tied) => tied[0]!): T {
  const counts = new Map<T, number>();
  for (const { value } of votes) counts.set(value, (counts.get(value) ?? 0) + 1);
  const top = Math.max(...counts.values());
  const tied = [...counts].filter(([, count]) => count === top).map(([value]) => value);
  return tied.length === 1 ? tied[0]! : preferTied(tied);
}

/** A tie-breaker preferring the value ranked highest in `ranking` (lowest first). */
export function preferHighest<T>(ranking: readonly T[]): (tied: T[]) => T {
  return (tied) => tied.reduce((best, value) => (ranking.indexOf(value) > ranking.indexOf(best) ? value : best));
}

/** A tie-breaker preferring the value ranked lowest in `ranking` (lowest first). */
export function preferLowest<T>(ranking: readonly T[]): (tied: T[]) => T {
  return (tied) => tied.reduce((best, value) => (ranking.indexOf(value) < ranking.indexOf(best) ? value : best));
}

export function meanRounded(values: number[]): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.round(mean * 100) / 100;
}

/** The median, rounded down: counts stay whole numbers the samples could have given. */
export function medianFloor(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle]!;
  return Math.floor((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** Members held by more than half of the arrays, in order of first appearance. */
export function majorityMembers<T>(arrays: T[][]): T[] {
  const counts = new Map<T, number>();
  for (const array of arrays) for (const member of new Set(array)) counts.set(member, (counts.get(member) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > arrays.length / 2).map(([member]) => member);
}

/**
 * Every sample's text kept, each prefixed "[i/n]" so a reader can tell the
 * samples apart; a single sample's text is returned as is. Blank texts are
 * dropped; undefined when nothing is left.
 */
export function joinSampleTexts(votes: Vote<string>[], sampleCount: number, maxLength?: number): string | undefined {
  if (sampleCount === 1) return votes[0]?.value;
  const parts = votes
    .filter(({ value }) => value.trim() !== "")
    .map(({ sample, value }) => `[${sample + 1}/${sampleCount}] ${value}`);
  if (parts.length === 0) return undefined;
  return capJoined(parts, maxLength);
}

const ELLIPSIS = "…";
// Below this, a cut-off fragment of the next sample says nothing useful.
const MIN_FRAGMENT = 16;

// Whole samples while they fit, then as much of the next as fits, marked "…".
// Lengths are UTF-16 units, never fewer than the code points maxLength counts.
function capJoined(parts: string[], maxLength: number | undefined): string {
  const joined = parts.join("\n");
  if (maxLength === undefined || joined.length <= maxLength) return joined;
  let kept = "";
  for (const part of parts) {
    const separator = kept === "" ? "" : "\n";
    if (kept.length + separator.length + part.length <= maxLength - ELLIPSIS.length) {
      kept += separator + part;
      continue;
    }
    const room = maxLength - kept.length - separator.length - ELLIPSIS.length;
    if (room >= MIN_FRAGMENT || kept === "") return kept + separator + cut(part, room) + ELLIPSIS;
    return kept + ELLIPSIS;
  }
  return kept;
}

// Never leaves half a surrogate pair at the cut.
function cut(text: string, length: number): string {
  const head = text.slice(0, Math.max(0, length));
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
}
