// The three estimates of one mean (a Likert dimension's score, a hazard's
// violating share, refusal appropriateness, a win rate) from per-item values:
// human-only, judge-only (biased: the judge's own mean) and corrected. Without
// a design, the corrected one is the PPI++ mean over the items both rated
// (labelled) and the items only the judge rated (unlabelled); with a design,
// the inverse-probability-weighted form of design-mean.ts.
import { designHumanOnlyMean, designMean } from "./design-mean";
import { classicalMean, normalInterval, type Interval } from "./interval";
import { ppiMean } from "./ppi-mean";

export type ItemValues = {
  /** The judge's value of each item (several judge ratings averaged), NaN where it gave none. */
  judge: Float64Array;
  /** The humans' value of each item, several humans' ratings averaged into one label, NaN where none. */
  human: Float64Array;
  /** With a sampling design: each item's inclusion probability, NaN for an item outside the design. */
  inclusion?: Float64Array;
};

export type MeanEstimates = {
  method: "ppi++" | "design";
  humanOnly: Interval | null;
  /** The judge's own mean over every item it rated: biased by whatever bias the judge has. */
  judgeOnly: (Interval & { biased: true }) | null;
  corrected: (Interval & { lambda: number }) | null;
  /** Which ratings the estimates used, and which they left out and why. */
  used: {
    /** Items with a judge value and a human label (in the design, when there is one). */
    labelled: number;
    /** Items with a judge value only (in the design: drawn-and-unrated or not drawn). */
    unlabelled: number;
    /** Items with a human label and no judge value: human-only counts them (without a design), corrected cannot. */
    humanWithoutJudge: number;
    /** Items with a human label outside the design (e.g. adjudication): left out of every estimate. */
    humanOutsideDesign: number;
  };
};

/**
 * `scratch`, when given, is room for the estimate's working arrays (at least 3 × the items): a caller estimating many
 * measures passes one buffer for all of them rather than allocate a few item-sized arrays per estimate.
 */
export function estimateMean(values: ItemValues, scratch?: Float64Array): MeanEstimates {
  const room =
    scratch && scratch.length >= 3 * values.judge.length ? scratch : new Float64Array(3 * values.judge.length);
  const judgeOnly = classicalMeanOfFinite(values.judge);
  const biased = judgeOnly && { ...judgeOnly, biased: true as const };
  return values.inclusion ? designEstimates(values, values.inclusion, biased) : ppiEstimates(values, biased, room);
}

function ppiEstimates(
  { judge, human }: ItemValues,
  judgeOnly: MeanEstimates["judgeOnly"],
  room: Float64Array,
): MeanEstimates {
  let labelled = 0;
  let judgeOnlyItems = 0;
  let humanCount = 0;
  for (let index = 0; index < judge.length; index += 1) {
    const hasJudge = !Number.isNaN(judge[index]!);
    const hasHuman = !Number.isNaN(human[index]!);
    if (hasHuman) humanCount += 1;
    if (hasJudge && hasHuman) labelled += 1;
    else if (hasJudge) judgeOnlyItems += 1;
  }
  // Labels, the judge on them, the judge-only items, every label: at most 3n together.
  let start = 0;
  const take = (length: number) => room.subarray(start, (start += length));
  const labels = take(labelled);
  const judgeOnLabelled = take(labelled);
  const judgeOnUnlabelled = take(judgeOnlyItems);
  const humans = take(humanCount);
  let labelAt = 0;
  let unlabelledAt = 0;
  let humanAt = 0;
  for (let index = 0; index < judge.length; index += 1) {
    const hasJudge = !Number.isNaN(judge[index]!);
    const hasHuman = !Number.isNaN(human[index]!);
    if (hasHuman) humans[humanAt++] = human[index]!;
    if (hasJudge && hasHuman) {
      labels[labelAt] = human[index]!;
      judgeOnLabelled[labelAt++] = judge[index]!;
    } else if (hasJudge) judgeOnUnlabelled[unlabelledAt++] = judge[index]!;
  }
  return {
    method: "ppi++",
    humanOnly: classicalMean(humans),
    judgeOnly,
    corrected: ppiMean(labels, judgeOnLabelled, judgeOnUnlabelled),
    used: {
      labelled,
      unlabelled: judgeOnlyItems,
      humanWithoutJudge: humanCount - labelled,
      humanOutsideDesign: 0,
    },
  };
}

function designEstimates(
  { judge, human }: ItemValues,
  inclusion: Float64Array,
  judgeOnly: MeanEstimates["judgeOnly"],
): MeanEstimates {
  const designJudge: number[] = [];
  const designLabels: number[] = [];
  const designInclusion: number[] = [];
  let labelled = 0;
  let humanWithoutJudge = 0;
  let humanOutsideDesign = 0;
  for (let index = 0; index < judge.length; index += 1) {
    const hasHuman = !Number.isNaN(human[index]!);
    const probability = inclusion[index]!;
    if (!(probability > 0 && probability <= 1)) {
      if (hasHuman) humanOutsideDesign += 1;
      continue;
    }
    // A design item the judge did not rate cannot carry g(X); it drops out, and says so.
    if (Number.isNaN(judge[index]!)) {
      if (hasHuman) humanWithoutJudge += 1;
      continue;
    }
    designJudge.push(judge[index]!);
    designLabels.push(human[index]!);
    designInclusion.push(probability);
    if (hasHuman) labelled += 1;
  }
  const items = { judge: designJudge, labels: designLabels, inclusion: designInclusion };
  return {
    method: "design",
    humanOnly: designHumanOnlyMean(items),
    judgeOnly,
    corrected: designMean(items),
    used: { labelled, unlabelled: designJudge.length - labelled, humanWithoutJudge, humanOutsideDesign },
  };
}

/** classicalMean of the values that are not NaN, without copying them out (the same sums, in the same order). */
function classicalMeanOfFinite(values: Float64Array): Interval | null {
  let count = 0;
  let sum = 0;
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index]!;
    if (Number.isNaN(value)) continue;
    count += 1;
    sum += value;
  }
  if (count < 2) return null;
  const mean = sum / count;
  let squares = 0;
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index]!;
    if (!Number.isNaN(value)) squares += (value - mean) ** 2;
  }
  return normalInterval(mean, Math.sqrt(squares / count / count));
}
