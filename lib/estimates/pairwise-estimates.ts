// The win rate of each system against a pairwise suite's baseline, three ways
// (issue 37): the humans' alone, the judge's alone (biased) and PPI++
// corrected. The unit is a pair (one task, the system's and the baseline's
// responses): its label is the mean of the human verdicts on it (win 1, tie
// ½, loss 0, from the system's side), its prediction the judge's stored verdict
// (the one that combines both orders it was asked in); pairs with both are the
// labelled set, pairs only the judge judged the unlabelled set. The same
// estimator as the item estimates (estimate-mean.ts, PPI++ with power-tuned λ).
import { orientTo, type PairwiseJudgment } from "@/lib/pairwise/judgment";
import { preferenceScore } from "@/lib/pairwise/preference";
import { estimateMean, type MeanEstimates } from "./estimate-mean";
import { HUMAN_RATER_TYPES, JUDGE_RATER_TYPE } from "./measures";
import type { RaterType } from "@/lib/analytics/agreement-report";

export type RatedJudgment = PairwiseJudgment & { readonly raterType: string };

export type WinRateEstimates = Pick<MeanEstimates, "humanOnly" | "judgeOnly" | "corrected"> & {
  readonly system: string;
  readonly baseline: string;
  /** Pairs of the system and the baseline with a judge verdict or a human one. */
  readonly pairs: number;
  readonly used: { labelled: number; unlabelled: number; humanWithoutJudge: number };
};

/** Per system other than the baseline, in the suite's order; empty without a baseline (design all_pairs). */
export function winRateEstimates(options: {
  judgments: readonly RatedJudgment[];
  systems: readonly string[];
  baseline: string | null;
}): WinRateEstimates[] {
  const { baseline } = options;
  if (baseline === null) return [];
  return options.systems
    .filter((system) => system !== baseline)
    .map((system) => winRateEstimatesOf(options.judgments, system, baseline));
}

function winRateEstimatesOf(judgments: readonly RatedJudgment[], system: string, baseline: string): WinRateEstimates {
  const sums = new Map<string, { judge: number; judges: number; human: number; humans: number }>();
  for (const judgment of judgments) {
    const between =
      (judgment.first === system && judgment.second === baseline) ||
      (judgment.first === baseline && judgment.second === system);
    if (!between) continue;
    const isJudge = judgment.raterType === JUDGE_RATER_TYPE;
    if (!isJudge && !HUMAN_RATER_TYPES.has(judgment.raterType as RaterType)) continue; // end users: not labels
    let sum = sums.get(judgment.unit);
    if (!sum) sums.set(judgment.unit, (sum = { judge: 0, judges: 0, human: 0, humans: 0 }));
    const score = preferenceScore(orientTo(judgment, system).preference);
    if (isJudge) {
      sum.judge += score;
      sum.judges += 1;
    } else {
      sum.human += score;
      sum.humans += 1;
    }
  }
  // Pairs in the order of their ids, so the sums (and the figures, to the last bit) do not depend on reading order.
  const pairs = [...sums.keys()].sort();
  const judge = Float64Array.from(pairs, (pair) => {
    const sum = sums.get(pair)!;
    return sum.judges ? sum.judge / sum.judges : NaN;
  });
  const human = Float64Array.from(pairs, (pair) => {
    const sum = sums.get(pair)!;
    return sum.humans ? sum.human / sum.humans : NaN;
  });
  const { humanOnly, judgeOnly, corrected, used } = estimateMean({ judge, human });
  return {
    system,
    baseline,
    pairs: pairs.length,
    humanOnly,
    judgeOnly,
    corrected,
    used: { labelled: used.labelled, unlabelled: used.unlabelled, humanWithoutJudge: used.humanWithoutJudge },
  };
}
