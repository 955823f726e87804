// The pairwise leaderboard of one set of judgments: win rates against the
// baseline (raw and length-controlled), Bradley–Terry scores with the
// predicted win matrix, position bias and agreement. Pure: the database part
// (lib/pairwise/leaderboard-query.ts) only gathers the judgments.
import { winRateEstimates, type WinRateEstimates } from "@/lib/estimates/pairwise-estimates";
import { preferenceAgreement, type PreferenceAgreement } from "./agreement";
import { bradleyTerry, type BradleyTerry } from "./bradley-terry";
import type { BootstrapOptions } from "./interval";
import type { PairwiseJudgment } from "./judgment";
import { lengthControlledWinRate, type LengthControlledWinRate } from "./length-controlled";
import { orderConsistency, type OrderConsistency, type OrderVerdicts } from "./order-consistency";
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
            lengthControlled: lengthControlledWinRate(judgments, system, baseline, bootstrap),
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

export const JUDGE_RATER_TYPE = "llm_judge";
const HYBRID_RATER_TYPE = "hybrid";

/** A stored judgment as the suite's leaderboard reads it: who gave it, and a judge's two raw order verdicts. */
export type SuiteJudgment = PairwiseJudgment & {
  readonly raterType: string;
  /** A judge's verdicts from `first`'s side with `first` shown left / right; null for a human. */
  readonly orders: OrderVerdicts | null;
};

/** Which judgments the win rates, scores and position bias are computed from; agreement always sees all. */
export const LEADERBOARD_RATERS = ["all", "humans", "judge"] as const;
export type LeaderboardRaters = (typeof LEADERBOARD_RATERS)[number];

export type SuiteLeaderboard = Leaderboard & {
  readonly raters: LeaderboardRaters;
  /**
   * Position bias per rater type. A human saw one order, so it is the share of
   * their verdicts for the left response; the judge saw both, so it is over its
   * raw verdicts of both orders (its stored verdict combines them and shows no position).
   */
  readonly positionBiasByRaterType: readonly { readonly raterType: string; readonly bias: RateWithInterval }[];
  /** The judge's flip rate and position bias over its raw order verdicts; null when no judge judged the suite. */
  readonly judgeConsistency: OrderConsistency | null;
  readonly agreementByRaters: {
    /** Between humans (pairs judged by two or more). */
    readonly humans: PreferenceAgreement;
    /** Human and judge: one unit per (human judgment, judge judgment) of the same pair. */
    readonly humanJudge: PreferenceAgreement;
  };
  /**
   * The win rate against the baseline from humans and judge together (lib/estimates/pairwise-estimates.ts):
   * human-only, judge-only and PPI++ corrected, always over every judgment whatever `raters` counts.
   */
  readonly estimates: readonly WinRateEstimates[];
};

const isJudge = (judgment: SuiteJudgment) => judgment.raterType === JUDGE_RATER_TYPE;

/**
 * The verdicts that were given with one response on the left: each human's as
 * stored, and each of a judge's two raw order verdicts. A judge's stored
 * verdict combines both orders and was shown in none, so it never counts
 * (counting it as "first shown left" made the row a win rate of the
 * alphabetically first system, 0.64 with no bias anywhere).
 */
export function suitePositionBias(judgments: readonly SuiteJudgment[], bootstrap?: BootstrapOptions): RateWithInterval {
  return positionBias(shownVerdicts(judgments), bootstrap);
}

function shownVerdicts(judgments: readonly SuiteJudgment[]): PairwiseJudgment[] {
  return judgments.flatMap((judgment): PairwiseJudgment[] => {
    if (!isJudge(judgment)) return [judgment];
    if (!judgment.orders) return [];
    return [
      { ...judgment, preference: judgment.orders.shownLeft, firstShownLeft: true },
      { ...judgment, preference: judgment.orders.shownRight, firstShownLeft: false },
    ];
  });
}

/** The whole leaderboard of a suite from its stored judgments: the API, the admin page and the CLI call this. */
export function computeSuiteLeaderboard(options: {
  judgments: readonly SuiteJudgment[];
  systems: readonly string[];
  baseline: string | null;
  raters?: LeaderboardRaters;
  bootstrap?: BootstrapOptions;
}): SuiteLeaderboard {
  const { judgments, bootstrap } = options;
  const raters = options.raters ?? "all";
  const humans = judgments.filter((judgment) => !isJudge(judgment));
  const judge = judgments.filter(isJudge);
  const counted = raters === "all" ? judgments : raters === "humans" ? humans : judge;
  const judgeOrders = judge.flatMap((judgment) => (judgment.orders ? [judgment.orders] : []));
  const consistency = judgeOrders.length > 0 ? orderConsistency(judgeOrders, bootstrap) : null;
  const raterTypes = [...new Set(judgments.map((judgment) => judgment.raterType))].sort();
  const judgeByUnit = new Map<string, SuiteJudgment[]>();
  for (const judgment of judge) judgeByUnit.set(judgment.unit, [...(judgeByUnit.get(judgment.unit) ?? []), judgment]);
  const crossUnits: PairwiseJudgment[] = [];
  // An SME's review (hybrid) starts from the judge's verdict, so pairing it with that verdict would measure the
  // prefill, not agreement: human↔judge agreement counts independent human verdicts only.
  for (const [index, human] of humans.entries())
    if (human.raterType !== HYBRID_RATER_TYPE)
      for (const [other, verdict] of (judgeByUnit.get(human.unit) ?? []).entries()) {
        const unit = `${human.unit}:${index}:${other}`;
        crossUnits.push({ ...human, unit }, { ...verdict, unit });
      }
  const base = computeLeaderboard({ ...options, judgments: counted });
  return {
    ...base,
    positionBias: suitePositionBias(counted, bootstrap),
    raters,
    positionBiasByRaterType: raterTypes.map((raterType) => ({
      raterType,
      bias:
        raterType === JUDGE_RATER_TYPE && consistency
          ? consistency.positionBias
          : positionBias(
              judgments.filter((judgment) => judgment.raterType === raterType),
              bootstrap,
            ),
    })),
    judgeConsistency: consistency,
    agreementByRaters: {
      // Without a judge the counted judgments are the humans': their agreement is computed once.
      humans: judge.length === 0 && raters !== "judge" ? base.agreement : preferenceAgreement(humans, bootstrap),
      humanJudge: preferenceAgreement(crossUnits, bootstrap),
    },
    estimates: winRateEstimates(options),
  };
}
