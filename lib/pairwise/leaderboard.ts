// The pairwise leaderboard of one set of judgments: win rates against the
// baseline (raw and length-controlled), Bradley–Terry scores with the
// predicted win matrix, position bias and agreement. Pure: the database part
// (lib/pairwise/leaderboard-query.ts) only gathers the judgments.
import { preferenceAgreement, type PreferenceAgreement } from "./agreement";
import { bradleyTerry, type BradleyTerry } from "./bradley-terry";
import type { BootstrapOptions } from "./interval";
import type { PairwiseJudgment } from "./judgment";
import { lengthControlledWinRate, type LengthControlledWinRate } from "./length-controlled";
import { positionBias, winRateAgainst, type RateWithInterval, type WinRate } from "./win-rate";

export type Leaderboard = {
  readonly judgments: number;
  readonly baseline: string | null;
  /** One row per system other than the baseline; empty without a baseline. */
  readonly winRates: readonly (WinRate & { readonly lengthControlled: LengthControlledWinRate })[];
  readonly bradleyTerry: BradleyTerry;
  readonly positionBias: RateWithInterval;
  readonly agreement: PreferenceAgreement;
};

export function computeLeaderboard(options: {
  judgments: readonly PairwiseJudgment[];
  systems: readonly string[];
  /** The system every other is compared with (design "baseline"); null for all pairs. */
  baseline: string | null;
  bootstrap?: BootstrapOptions;
}): Leaderboard {
  const { judgments, systems, baseline, bootstrap } = options;
  const winRates =
    baseline === null
      ? []
      : systems
          .filter((system) => system !== baseline)
          .map((system) => ({
            ...winRateAgainst(judgments, system, baseline, bootstrap),
            lengthControlled: lengthControlledWinRate(judgments, system, baseline),
          }));
  return {
    judgments: judgments.length,
    baseline,
    winRates,
    bradleyTerry: bradleyTerry(judgments, systems, bootstrap),
    positionBias: positionBias(judgments, bootstrap),
    agreement: preferenceAgreement(judgments, bootstrap),
  };
}
