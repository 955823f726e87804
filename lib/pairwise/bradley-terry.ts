// Bradley–Terry scores of systems from pairwise judgments (ties count half a
// win each way), fitted with Hunter's (2004) MM algorithm, with bootstrap
// intervals and the predicted win matrix.
import { multinomialDraw } from "@/lib/analytics/binomial-draw";
import { mulberry32 } from "@/lib/analytics/seeded-random";
import { bootstrapSettings, percentileInterval, type BootstrapOptions, type Interval } from "./interval";
import type { PairwiseJudgment } from "./judgment";
import { preferenceScore } from "./preference";

export type BradleyTerryScore = {
  readonly system: string;
  /** log-strength β, centred so the systems' mean is 0: P(i beats j) = 1 / (1 + e^(β_j − β_i)). */
  readonly strength: number;
  /** β on the familiar Elo scale, 1000 + 400·β / ln 10, as Chatbot Arena reports it. */
  readonly rating: number;
  readonly ratingInterval: Interval | null;
  /** 1 = strongest. */
  readonly rank: number;
  readonly judgments: number;
};

export type BradleyTerry = {
  readonly scores: readonly BradleyTerryScore[];
  /** winMatrix[i][j] = predicted P(systems[i] beats systems[j]); the diagonal is ½. */
  readonly systems: readonly string[];
  readonly winMatrix: readonly (readonly number[])[];
  /** False when the judgments split the systems into groups never compared: scores across groups mean nothing. */
  readonly connected: boolean;
};

/**
 * A weak prior keeps a system that lost every judgment finite: each pair of
 * systems that met gets this many virtual judgments, tied. At 0.01 it moves a
 * real estimate by far less than its interval.
 */
export const PRIOR_TIES = 0.01;
const ELO_SCALE = 400 / Math.LN10;

type Tally = { first: number; second: number; wins: number; ties: number; losses: number };

export function bradleyTerry(
  judgments: Iterable<PairwiseJudgment>,
  systems: readonly string[],
  options?: BootstrapOptions,
): BradleyTerry {
  const { samples, confidence, seed } = bootstrapSettings(options);
  const index = new Map(systems.map((system, position) => [system, position]));
  const size = systems.length;
  const tallies = new Map<number, Tally>();
  const judged = new Float64Array(size);
  /** Each unit (pair of responses to one task): its judgments' outcomes by system pair, "key:w,t,l" entries. */
  const units = new Map<string, Map<number, [number, number, number]>>();
  for (const judgment of judgments) {
    const a = index.get(judgment.first);
    const b = index.get(judgment.second);
    if (a === undefined || b === undefined || a === b) continue;
    const [first, second, score] =
      a < b ? [a, b, preferenceScore(judgment.preference)] : [b, a, 1 - preferenceScore(judgment.preference)];
    const key = first * size + second;
    const tally = tallies.get(key) ?? { first, second, wins: 0, ties: 0, losses: 0 };
    const outcome = score === 1 ? 0 : score === 0 ? 2 : 1;
    if (outcome === 0) tally.wins += 1;
    else if (outcome === 2) tally.losses += 1;
    else tally.ties += 1;
    tallies.set(key, tally);
    judged[first] = judged[first]! + 1;
    judged[second] = judged[second]! + 1;
    const unit = units.get(judgment.unit) ?? new Map<number, [number, number, number]>();
    const counts = unit.get(key) ?? [0, 0, 0];
    counts[outcome] += 1;
    unit.set(key, counts);
    units.set(judgment.unit, unit);
  }
  // In the systems' order, never the rows': the resamples draw over these counts in this order, so the
  // intervals (and the fit's last bits) would otherwise depend on how the rows happened to be read.
  const pairs = [...tallies.values()].sort((a, b) => a.first - b.first || a.second - b.second);
  const pairIndex = new Map(pairs.map((pair, position) => [pair.first * size + pair.second, position]));
  const fullCounts = pairs.flatMap((pair) => [pair.wins, pair.ties, pair.losses]);
  const strengths = fitStrengths(size, pairs, fullCounts, new Float64Array(size));

  // The bootstrap resamples units with all their judgments (the cluster bootstrap: a unit's k judgments share
  // its task). Units with the same outcomes are interchangeable, so each resample is one multinomial draw over
  // the distinct patterns, in sorted order.
  const patterns = new Map<string, { cells: [number, number][]; units: number }>();
  for (const unit of units.values()) {
    const cells = [...unit]
      .flatMap(([key, counts]) =>
        counts.map((count, outcome): [number, number] => [3 * pairIndex.get(key)! + outcome, count]),
      )
      .filter(([, count]) => count > 0)
      .sort((x, y) => x[0] - y[0]);
    const patternKey = cells.map((cell) => cell.join(":")).join(",");
    const pattern = patterns.get(patternKey) ?? { cells, units: 0 };
    pattern.units += 1;
    patterns.set(patternKey, pattern);
  }
  const sortedPatterns = [...patterns.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, pattern]) => pattern);
  const weights = sortedPatterns.map((pattern) => pattern.units);
  const resampled: number[][] = systems.map(() => []);
  if (units.size > 0) {
    const random = mulberry32(seed);
    const drawnUnits = new Float64Array(sortedPatterns.length);
    const drawn = new Float64Array(fullCounts.length);
    for (let sample = 0; sample < samples; sample += 1) {
      multinomialDraw(units.size, weights, drawnUnits, random);
      drawn.fill(0);
      for (let pattern = 0; pattern < sortedPatterns.length; pattern += 1) {
        const times = drawnUnits[pattern]!;
        if (times === 0) continue;
        for (const [cell, count] of sortedPatterns[pattern]!.cells) drawn[cell] = drawn[cell]! + times * count;
      }
      const fitted = fitStrengths(size, pairs, drawn, strengths);
      for (let system = 0; system < size; system += 1) resampled[system]!.push(toRating(fitted[system]!));
    }
  }
  const order = [...strengths.keys()].sort((a, b) => strengths[b]! - strengths[a]!);
  const rankOf = new Map(order.map((system, position) => [system, position + 1]));
  const scores = systems.map((system, position) => ({
    system,
    strength: strengths[position]!,
    rating: toRating(strengths[position]!),
    ratingInterval: percentileInterval(resampled[position]!, confidence),
    rank: rankOf.get(position)!,
    judgments: judged[position]!,
  }));
  const winMatrix = systems.map((_, i) => systems.map((__, j) => 1 / (1 + Math.exp(strengths[j]! - strengths[i]!))));
  return { scores, systems, winMatrix, connected: isConnected(size, pairs) };
}

function toRating(strength: number): number {
  return 1000 + ELO_SCALE * strength;
}

/**
 * Hunter's MM update p_i ← W_i / Σ_j n_ij / (p_i + p_j), in log space and
 * centred after each sweep; `counts` holds wins, ties and losses per pair in
 * the order of `pairs`. Starts from `start` (the full fit, for resamples).
 */
function fitStrengths(
  size: number,
  pairs: readonly Tally[],
  counts: ArrayLike<number>,
  start: Float64Array,
): Float64Array {
  const strength = Float64Array.from(start, (beta) => Math.exp(beta));
  const wins = new Float64Array(size);
  for (let pair = 0; pair < pairs.length; pair += 1) {
    const { first, second } = pairs[pair]!;
    const [won, tied, lost] = [counts[3 * pair]!, counts[3 * pair + 1]!, counts[3 * pair + 2]!];
    wins[first] = wins[first]! + won + tied / 2 + PRIOR_TIES / 2;
    wins[second] = wins[second]! + lost + tied / 2 + PRIOR_TIES / 2;
  }
  const denominator = new Float64Array(size);
  for (let sweep = 0; sweep < 10_000; sweep += 1) {
    denominator.fill(0);
    for (let pair = 0; pair < pairs.length; pair += 1) {
      const { first, second } = pairs[pair]!;
      const games = counts[3 * pair]! + counts[3 * pair + 1]! + counts[3 * pair + 2]! + PRIOR_TIES;
      const share = games / (strength[first]! + strength[second]!);
      denominator[first] = denominator[first]! + share;
      denominator[second] = denominator[second]! + share;
    }
    let change = 0;
    let logSum = 0;
    for (let system = 0; system < size; system += 1) {
      if (denominator[system] === 0) continue;
      const next = wins[system]! / denominator[system]!;
      change = Math.max(change, Math.abs(Math.log(next / strength[system]!)));
      strength[system] = next;
    }
    for (let system = 0; system < size; system += 1) logSum += Math.log(strength[system]!);
    const scale = Math.exp(logSum / size);
    for (let system = 0; system < size; system += 1) strength[system] = strength[system]! / scale;
    if (change < 1e-10) break;
  }
  return Float64Array.from(strength, (value) => Math.log(value));
}

function isConnected(size: number, pairs: readonly Tally[]): boolean {
  if (size <= 1) return true;
  const parent = Array.from({ length: size }, (_, position) => position);
  const root = (node: number): number => (parent[node] === node ? node : (parent[node] = root(parent[node]!)));
  for (const { first, second } of pairs) parent[root(first)] = root(second);
  return new Set(parent.map((_, node) => root(node))).size === 1;
}
