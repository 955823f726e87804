// How much a judge asked in both orders depends on the order: the flip rate
// (share of pairs whose verdict changes direction when the responses swap
// places) and its position bias (share of its raw verdicts that went to the
// response shown left, ties half). Pure; the leaderboard and the judge run's
// report both use it.
import type { BootstrapOptions } from "./interval";
import { preferenceScore, type Preference } from "./preference";
import { positionBias, type RateWithInterval } from "./win-rate";

/** One pair's two raw verdicts, both from the same system's side: where it was shown left, and right. */
export type OrderVerdicts = { readonly shownLeft: Preference; readonly shownRight: Preference };

export type OrderConsistency = {
  readonly pairs: number;
  /**
   * Pairs whose direction (this system better / tie / the other better)
   * differs between the two orders; a tie in one order and a win in the other
   * counts as a flip too.
   */
  readonly flips: number;
  /** flips / pairs; null without pairs. */
  readonly flipRate: number | null;
  /** Over both orders' verdicts (2 per pair): 0.5 = no bias, 1 = always the left response. */
  readonly positionBias: RateWithInterval;
};

export function orderConsistency(pairs: readonly OrderVerdicts[], options?: BootstrapOptions): OrderConsistency {
  let flips = 0;
  for (const pair of pairs) if (preferenceScore(pair.shownLeft) !== preferenceScore(pair.shownRight)) flips += 1;
  const verdicts = pairs.flatMap((pair, index) => [
    { unit: String(index), first: "x", second: "y", preference: pair.shownLeft, firstShownLeft: true },
    { unit: String(index), first: "x", second: "y", preference: pair.shownRight, firstShownLeft: false },
  ]);
  return {
    pairs: pairs.length,
    flips,
    flipRate: pairs.length === 0 ? null : flips / pairs.length,
    positionBias: positionBias(
      verdicts.map((verdict) => ({ ...verdict, firstLength: 0, secondLength: 0 })),
      options,
    ),
  };
}
