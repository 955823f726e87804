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
  /** Percentile bootstrap interval of the rate over resampled judgments; null without judgments. */
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

/** Judgments between `system` and `baseline` only; every other judgment is ignored. */
export function winRateAgainst(
  judgments: Iterable<PairwiseJudgment>,
  system: string,
  baseline: string,
  options?: BootstrapOptions,
): WinRate {
  let wins = 0;
  let ties = 0;
  let losses = 0;
  for (const judgment of judgments) {
    if (!isBetween(judgment, system, baseline)) continue;
    const score = preferenceScore(orientTo(judgment, system).preference);
    if (score === 1) wins += 1;
    else if (score === 0) losses += 1;
    else ties += 1;
  }
  return { system, baseline, ...rateWithInterval({ wins, ties, losses }, options) };
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
