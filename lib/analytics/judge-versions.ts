// Human↔judge agreement per judge model and prompt version (rater.model,
// rater.version), in order of first use and week by week, so that a prompt
// change shows as helping or hurting. Pure: the caller loads the ratings.
import { HUMAN_SIDE_VS_JUDGE, JUDGE_TYPES, type RatingColumns } from "./agreement-report";
import { matrixFromPatterns, type CoincidenceMatrix } from "./coincidence-matrix";
import { alphaFromMatrix } from "./krippendorff-alpha";
import { forEachCrossPair, groupRowsByItem, type ItemGroups } from "./rating-units";
import type { ValuePattern } from "./unit-patterns";

/** A judge rating's model, prompt version and time (ms since the epoch); undefined for other raters. */
export type JudgeRun = { model: string; version: string; at: number };

export type JudgeVersionAgreement = {
  model: string;
  version: string;
  firstUsed: string;
  lastUsed: string;
  judgeRatings: number;
  /** Human-side × judge score pairs of the same item and dimension. */
  pairs: number;
  /** Mean |judge − human| over those pairs: lower is closer to the humans. */
  meanAbsoluteDifference: number | null;
  /** Human↔judge α per dimension, this version's judge ratings only. */
  dimensions: { dimension: string; alpha: number | null; pairs: number }[];
  /** Against the version used before it: null for the first. */
  change: { previous: string; meanAbsoluteDifference: number | null; verdict: JudgeChangeVerdict } | null;
};
export type JudgeChangeVerdict = "helps" | "hurts" | "no clear change" | "too few pairs";
export type JudgeWeek = {
  model: string;
  version: string;
  /** The week's Monday (UTC), YYYY-MM-DD. */
  week: string;
  pairs: number;
  meanAbsoluteDifference: number;
};

/** Pairs each version needs before a change is called; and the change in mean absolute difference that counts. */
export const MIN_PAIRS_FOR_CHANGE = 20;
export const CLEAR_CHANGE = 0.1;

const nameOf = (run: { model: string; version: string }) => `${run.model} · ${run.version}`;
const day = (at: number) => new Date(at).toISOString().slice(0, 10);
/** The Monday (UTC) of the week of `at`. */
export function weekOf(at: number): string {
  const date = new Date(at);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return day(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - sinceMonday));
}

/**
 * A change is called only when both versions have MIN_PAIRS_FOR_CHANGE pairs
 * and the mean absolute difference moved by CLEAR_CHANGE or more (a tenth of
 * a scale point): smaller moves are within what a new batch of items brings.
 */
export function changeVerdict(
  before: { pairs: number; meanAbsoluteDifference: number | null },
  after: { pairs: number; meanAbsoluteDifference: number | null },
): JudgeChangeVerdict {
  if (before.pairs < MIN_PAIRS_FOR_CHANGE || after.pairs < MIN_PAIRS_FOR_CHANGE) return "too few pairs";
  const delta = after.meanAbsoluteDifference! - before.meanAbsoluteDifference!;
  if (delta <= -CLEAR_CHANGE) return "helps";
  if (delta >= CLEAR_CHANGE) return "hurts";
  return "no clear change";
}

export function judgeVersionAgreement(
  ratings: RatingColumns,
  runs: readonly (JudgeRun | undefined)[],
  options: { dimensions: readonly string[]; level: "ordinal" | "interval"; groups?: ItemGroups },
): { versions: JudgeVersionAgreement[]; weeks: JudgeWeek[] } {
  const versionOfRow = new Int32Array(runs.length).fill(-1);
  const versions: { model: string; version: string; first: number; last: number; ratings: number }[] = [];
  const indexOf = new Map<string, number>();
  // Each judge row's (version, week) bucket, found once per row rather than once per pair.
  const bucketOfRow = new Int32Array(runs.length).fill(-1);
  const weekly: { version: number; week: string; pairs: number; difference: number }[] = [];
  const bucketIndex = new Map<string, number>();
  let lastDay = NaN;
  let lastWeek = "";
  runs.forEach((run, row) => {
    if (!run || !JUDGE_TYPES.has(ratings.raterTypes[row]!)) return;
    const key = `${run.model}\u001f${run.version}`;
    let index = indexOf.get(key);
    if (index === undefined) {
      indexOf.set(key, (index = versions.length));
      versions.push({ model: run.model, version: run.version, first: run.at, last: run.at, ratings: 0 });
    }
    const entry = versions[index]!;
    entry.first = Math.min(entry.first, run.at);
    entry.last = Math.max(entry.last, run.at);
    entry.ratings += 1;
    versionOfRow[row] = index;
    // Judge runs come in batches: most rows share their week's Monday with the row before.
    const dayNumber = Math.floor(run.at / 86_400_000);
    if (dayNumber !== lastDay) [lastDay, lastWeek] = [dayNumber, weekOf(run.at)];
    const bucketKey = `${index}|${lastWeek}`;
    let bucket = bucketIndex.get(bucketKey);
    if (bucket === undefined) {
      bucketIndex.set(bucketKey, (bucket = weekly.length));
      weekly.push({ version: index, week: lastWeek, pairs: 0, difference: 0 });
    }
    bucketOfRow[row] = bucket;
  });
  if (versions.length === 0) return { versions: [], weeks: [] };
  const groups = options.groups ?? groupRowsByItem(ratings.items);
  const humanSide = new Uint8Array(runs.length);
  ratings.raterTypes.forEach((type, row) => (humanSide[row] = HUMAN_SIDE_VS_JUDGE.has(type) ? 1 : 0));
  const judges = new Uint8Array(runs.length);
  versionOfRow.forEach((version, row) => (judges[row] = version >= 0 ? 1 : 0));
  const columns = options.dimensions.map((dimension) => ratings.likert.get(dimension) ?? []);

  // One pass over the human-side × judge pairs: the pair units of each version and dimension (the units
  // crossPatterns would build for one judge mask, counted), and the sums per version and per version and week.
  const sums = versions.map(() => ({ pairs: 0, difference: 0 }));
  const pairCounts = versions.map(() => columns.map(() => new PairCounts()));
  forEachCrossPair(groups, humanSide, judges, (human, judge) => {
    const version = versionOfRow[judge]!;
    const bucket = weekly[bucketOfRow[judge]!]!;
    const own = pairCounts[version]!;
    const sum = sums[version]!;
    for (let at = 0; at < columns.length; at += 1) {
      const column = columns[at]!;
      const humanScore = column[human];
      const judgeScore = column[judge];
      if (humanScore === undefined || judgeScore === undefined) continue;
      own[at]!.add(humanScore, judgeScore);
      const difference = Math.abs(judgeScore - humanScore);
      sum.pairs += 1;
      sum.difference += difference;
      bucket.pairs += 1;
      bucket.difference += difference;
    }
  });

  const order = versions.map((_, index) => index).sort((a, b) => versions[a]!.first - versions[b]!.first || a - b);
  const result: JudgeVersionAgreement[] = [];
  for (const index of order) {
    const entry = versions[index]!;
    const dimensions = options.dimensions.map((dimension, at) => {
      const alpha = alphaFromMatrix(pairCounts[index]![at]!.matrix(), options.level);
      return { dimension, alpha: alpha.alpha, pairs: alpha.units };
    });
    const { pairs, difference } = sums[index]!;
    const own = { pairs, meanAbsoluteDifference: pairs === 0 ? null : difference / pairs };
    const previous = result.at(-1);
    result.push({
      model: entry.model,
      version: entry.version,
      firstUsed: new Date(entry.first).toISOString(),
      lastUsed: new Date(entry.last).toISOString(),
      judgeRatings: entry.ratings,
      ...own,
      dimensions,
      change: previous
        ? {
            previous: nameOf(previous),
            meanAbsoluteDifference:
              own.meanAbsoluteDifference === null || previous.meanAbsoluteDifference === null
                ? null
                : own.meanAbsoluteDifference - previous.meanAbsoluteDifference,
            verdict: changeVerdict(previous, own),
          }
        : null,
    });
  }
  const weeks = weekly
    .filter((bucket) => bucket.pairs > 0)
    .map((bucket): JudgeWeek => ({
      model: versions[bucket.version]!.model,
      version: versions[bucket.version]!.version,
      week: bucket.week,
      pairs: bucket.pairs,
      meanAbsoluteDifference: bucket.difference / bucket.pairs,
    }))
    .sort(
      (a, b) =>
        a.week.localeCompare(b.week) ||
        order.indexOf(indexOf.get(`${a.model}\u001f${a.version}`)!) -
          order.indexOf(indexOf.get(`${b.model}\u001f${b.version}`)!),
    );
  return { versions: result, weeks };
}

/**
 * Two-value units (a human score, a judge score) counted by their values: the
 * coincidence matrix of many such units without a pattern per unit. Whole
 * scores 1–5 are counted in an array; others (a judge's mean) in a map.
 */
class PairCounts {
  private readonly whole = new Float64Array(25);
  private readonly other = new Map<number, Map<number, number>>();

  add(a: number, b: number): void {
    const [low, high] = a <= b ? [a, b] : [b, a];
    if (Number.isInteger(low) && Number.isInteger(high) && low >= 1 && high <= 5) {
      this.whole[(low - 1) * 5 + (high - 1)]! += 1;
      return;
    }
    let row = this.other.get(low);
    if (!row) this.other.set(low, (row = new Map()));
    row.set(high, (row.get(high) ?? 0) + 1);
  }

  matrix(): CoincidenceMatrix {
    const pairs: [number, number, number][] = [];
    this.whole.forEach((count, cell) => {
      if (count > 0) pairs.push([Math.floor(cell / 5) + 1, (cell % 5) + 1, count]);
    });
    for (const [low, row] of this.other) for (const [high, count] of row) pairs.push([low, high, count]);
    const values = [...new Set(pairs.flatMap(([low, high]) => [low, high]))].sort((x, y) => x - y);
    const indexOf = new Map(values.map((value, index) => [value, index]));
    const patterns: ValuePattern[] = pairs.map(([low, high]) =>
      low === high
        ? { valueIndexes: Int32Array.of(indexOf.get(low)!), counts: Int32Array.of(2), size: 2 }
        : { valueIndexes: Int32Array.of(indexOf.get(low)!, indexOf.get(high)!), counts: Int32Array.of(1, 1), size: 2 },
    );
    return matrixFromPatterns(
      values,
      patterns,
      Float64Array.from(pairs, ([, , count]) => count),
    );
  }
}
