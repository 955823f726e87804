// Win rate of one system against another (ties count half) with a bootstrap
// interval, and the same arithmetic for the share of verdicts that went to the
// left-hand response (position bias).
import { multinomialDraw } from "@/lib/analytics/binomial-draw";
import { mulberry32 } from "@/lib/analytics/seeded-random";
import { bootstrapSettings, percentileInterval, type BootstrapOptions, type Interval } from "./interval";
import { orientTo, type PairwiseJudgment } from "./judgment";
import { preferenceScore } from "./preference";

export type ScoreCounts = { readonly wins: number; readonly ties: number; readonly losses: number };

export type RateWithInterval = ScoreCounts & {
  readonly judgments: number;
  /** (wins + ties / 2) / judgments; null without judgments. */
  readonly rate: number | null;
  /** Percentile bootstrap interval of the rate (over resampled judgments; for a win rate, resampled pairs); null without judgments. */
  readonly interval: Interval | null;
};

export type WinRate = RateWithInterval & { readonly system: string; readonly baseline: string };

/**
 * The rate with a bootstrap interval. Resampling n judgments with replacement
 * only changes how many wins, ties and losses there are, so each resample is
 * one multinomial draw over those three counts — the same distribution as
 * drawing judgments one by one, in three steps instead of n.
 */
export function rateWithInterval(counts: ScoreCounts, options?: BootstrapOptions): RateWithInterval {
  const { samples, confidence, seed } = bootstrapSettings(options);
  const judgments = counts.wins + counts.ties + counts.losses;
  if (judgments === 0) return { ...counts, judgments, rate: null, interval: null };
  const weights = [counts.wins, counts.ties, counts.losses];
  const drawn = new Float64Array(3);
  const random = mulberry32(seed);
  const rates: number[] = [];
  for (let sample = 0; sample < samples; sample += 1) {
    multinomialDraw(judgments, weights, drawn, random);
    rates.push((drawn[0]! + drawn[1]! / 2) / judgments);
  }
  return {
    ...counts,
    judgments,
    rate: (counts.wins + counts.ties / 2) / judgments,
    interval: percentileInterval(rates, confidence),
  };
}

/**
 * Judgments between `system` and `baseline` only; every other judgment is
 * ignored. The interval resamples pairs (each with all its judgments: the
 * cluster bootstrap), since the k judgments of one pair share its task: drawn
 * one by one they would count as k independent tasks and, with overlap k > 1
 * and tasks that differ, the interval would be too narrow for the population
 * of tasks (89% coverage at k = 3 in issue 34's simulation).
 */
export function winRateAgainst(
  judgments: Iterable<PairwiseJudgment>,
  system: string,
  baseline: string,
  options?: BootstrapOptions,
): WinRate {
  const byPair = new Map<string, [number, number, number]>();
  for (const judgment of judgments) {
    if (!isBetween(judgment, system, baseline)) continue;
    const score = preferenceScore(orientTo(judgment, system).preference);
    const counts = byPair.get(judgment.unit) ?? [0, 0, 0];
    counts[score === 1 ? 0 : score === 0 ? 2 : 1] += 1;
    byPair.set(judgment.unit, counts);
  }
  return { system, baseline, ...clusteredRateWithInterval([...byPair.values()], options) };
}

/**
 * The rate with a bootstrap interval over clusters (pairs), each its own
 * [wins, ties, losses]. Clusters with the same counts are interchangeable, so
 * each resample is one multinomial draw over the distinct patterns (sorted,
 * so no order of the rows shows through), weighted by how many clusters
 * have each; with one judgment per cluster this is rateWithInterval.
 */
export function clusteredRateWithInterval(
  clusters: readonly (readonly [number, number, number])[],
  options?: BootstrapOptions,
): RateWithInterval {
  const { samples, confidence, seed } = bootstrapSettings(options);
  const patterns = new Map<string, { counts: readonly [number, number, number]; clusters: number }>();
  let wins = 0;
  let ties = 0;
  let losses = 0;
  for (const counts of clusters) {
    wins += counts[0];
    ties += counts[1];
    losses += counts[2];
    const key = counts.join(",");
    const pattern = patterns.get(key) ?? { counts, clusters: 0 };
    pattern.clusters += 1;
    patterns.set(key, pattern);
  }
  const judgments = wins + ties + losses;
  if (judgments === 0) return { wins, ties, losses, judgments, rate: null, interval: null };
  const sorted = [...patterns.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, value]) => value);
  const weights = sorted.map((pattern) => pattern.clusters);
  const drawn = new Float64Array(sorted.length);
  const random = mulberry32(seed);
  const rates: number[] = [];
  for (let sample = 0; sample < samples; sample += 1) {
    multinomialDraw(clusters.length, weights, drawn, random);
    let points = 0;
    let total = 0;
    for (let index = 0; index < sorted.length; index += 1) {
      const [won, tied, lost] = sorted[index]!.counts;
      points += drawn[index]! * (won + tied / 2);
      total += drawn[index]! * (won + tied + lost);
    }
    rates.push(points / total);
  }
  return {
    wins,
    ties,
    losses,
    judgments,
    rate: (wins + ties / 2) / judgments,
    interval: percentileInterval(rates, confidence),
  };
}

export function isBetween(judgment: PairwiseJudgment, a: string, b: string): boolean {
  return (judgment.first === a && judgment.second === b) || (judgment.first === b && judgment.second === a);
}

/**
 * Position bias: the share of verdicts that went to the response shown on the
 * left (ties half). 0.5 is no bias; the interval says whether a departure is noise.
 */
export function positionBias(judgments: Iterable<PairwiseJudgment>, options?: BootstrapOptions): RateWithInterval {
  let wins = 0;
  let ties = 0;
  let losses = 0;
  for (const judgment of judgments) {
    const score = preferenceScore(judgment.preference);
    const leftScore = judgment.firstShownLeft ? score : 1 - score;
    if (leftScore === 1) wins += 1;
    else if (leftScore === 0) losses += 1;
    else ties += 1;
  }
  return rateWithInterval({ wins, ties, losses }, options);
}
