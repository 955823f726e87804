// One pairwise judgment as the leaderboard sees it: two systems' responses to
// one task, which was shown on the left, and the verdict from the first's side.
import { mirrorPreference, type Preference } from "./preference";

export type PairwiseJudgment = {
  /** The pair (or task) the judgment is about: agreement groups judgments by it. */
  readonly unit: string;
  readonly first: string;
  readonly second: string;
  /** The verdict from `first`'s side (better = first preferred). */
  readonly preference: Preference;
  /** Whether `first` was shown on the left (as Response 1). */
  readonly firstShownLeft: boolean;
  /** Response lengths in characters, for the length-controlled win rate. */
  readonly firstLength: number;
  readonly secondLength: number;
};

/** The judgment seen from `system`'s side (it must be one of the two). */
export function orientTo(judgment: PairwiseJudgment, system: string): PairwiseJudgment {
  if (judgment.first === system) return judgment;
  if (judgment.second !== system) throw new RangeError(`${system} is not part of this judgment.`);
  return {
    unit: judgment.unit,
    first: judgment.second,
    second: judgment.first,
    preference: mirrorPreference(judgment.preference),
    firstShownLeft: !judgment.firstShownLeft,
    firstLength: judgment.secondLength,
    secondLength: judgment.firstLength,
  };
}
