// Every estimate of a suite's ratings, per system under test × measure: the
// one computation behind the API, the report section and `evalform estimate`
// (which builds the same columns from an export), so their figures agree.
import type { RatingColumns } from "@/lib/analytics/agreement-report";
import { estimateMean, type MeanEstimates } from "./estimate-mean";
import { HUMAN_RATER_TYPES, JUDGE_RATER_TYPE, measuresOf } from "./measures";
import { labelledVariances, ratingsNeeded, type RatingsNeeded } from "./ratings-needed";

export type MeasureEstimates = MeanEstimates & {
  measure: string;
  kind: "mean score" | "share";
  /** σ²_Y and σ²_Y(1 − ρ²) of the labelled items, what ratingsNeeded reads (null under two labelled items). */
  variances: { labelVariance: number; residualVariance: number } | null;
  /** With a target width: more human-rated items the corrected interval needs to reach it. */
  ratingsNeeded: RatingsNeeded | null;
};
export type SystemEstimates = { system: string; items: number; measures: MeasureEstimates[] };
export type RatingsEstimates = {
  systems: SystemEstimates[];
  targetWidth: number | null;
  /** End users' ratings, not used as labels. */
  ratingsNotUsed: number;
};

export type EstimateOptions = {
  targetWidth?: number | null;
  /** Inclusion probability of an item key ("task|system"), when the suite has a sampling design. */
  inclusionOf?: (item: string) => number | undefined;
};

/** An item key is its task and system under test, "task|system" (lib/analytics/report-ratings.ts). */
export function systemOfItem(item: string): string {
  return item.slice(item.indexOf("|") + 1);
}

export function estimatesOfRatings(ratings: RatingColumns, options: EstimateOptions = {}): RatingsEstimates {
  const itemIndex = new Map<string, number>();
  const itemKeys: string[] = [];
  const ratingItems = new Int32Array(ratings.items.length);
  const isJudge = new Uint8Array(ratings.items.length);
  const isHuman = new Uint8Array(ratings.items.length);
  let ratingsNotUsed = 0;
  ratings.items.forEach((item, rating) => {
    let index = itemIndex.get(item);
    if (index === undefined) itemIndex.set(item, (index = itemKeys.push(item) - 1));
    ratingItems[rating] = index;
    const type = ratings.raterTypes[rating]!;
    if (type === JUDGE_RATER_TYPE) isJudge[rating] = 1;
    else if (HUMAN_RATER_TYPES.has(type)) isHuman[rating] = 1;
    else ratingsNotUsed += 1;
  });
  const systemItems = groupItemsBySystem(itemKeys);
  const measures = measuresOf(ratings);
  const perMeasure = measures.map((measure) => averagesOf(measure, ratingItems, isJudge, isHuman, itemKeys.length));
  const inclusion = options.inclusionOf && itemKeys.map((item) => options.inclusionOf!(item) ?? NaN);
  const systems = [...systemItems].map(([system, items]) => ({
    system,
    items: items.length,
    measures: measures.map((measure, index) => {
      const pick = (values: ArrayLike<number>) => {
        const picked = new Float64Array(items.length);
        for (let at = 0; at < items.length; at += 1) picked[at] = values[items[at]!]!;
        return picked;
      };
      const values = {
        judge: pick(perMeasure[index]!.judge),
        human: pick(perMeasure[index]!.human),
        ...(inclusion ? { inclusion: pick(inclusion) } : {}),
      };
      const estimates = estimateMean(values);
      return {
        measure: measure.key,
        kind: measure.kind,
        ...estimates,
        variances: labelledVariancesOf(values.judge, values.human, values.inclusion),
        ratingsNeeded: null,
      };
    }),
  }));
  return withTargetWidth({ systems, targetWidth: null, ratingsNotUsed }, options.targetWidth ?? null);
}

function groupItemsBySystem(itemKeys: string[]): Map<string, number[]> {
  const bySystem = new Map<string, number[]>();
  itemKeys.forEach((item, index) => {
    const system = systemOfItem(item);
    let items = bySystem.get(system);
    if (!items) bySystem.set(system, (items = []));
    items.push(index);
  });
  return new Map([...bySystem].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Each item's judge and human value of one measure (several ratings averaged), in one pass over the ratings. */
function averagesOf(
  measure: ReturnType<typeof measuresOf>[number],
  ratingItems: Int32Array,
  isJudge: Uint8Array,
  isHuman: Uint8Array,
  itemCount: number,
) {
  const judge = new Float64Array(itemCount);
  const human = new Float64Array(itemCount);
  const judgeCount = new Uint32Array(itemCount);
  const humanCount = new Uint32Array(itemCount);
  for (let rating = 0; rating < ratingItems.length; rating += 1) {
    if (!isJudge[rating] && !isHuman[rating]) continue;
    const value = measure.valueOf(rating);
    if (Number.isNaN(value)) continue;
    const item = ratingItems[rating]!;
    if (isJudge[rating]) {
      judge[item] = judge[item]! + value;
      judgeCount[item] = judgeCount[item]! + 1;
    } else {
      human[item] = human[item]! + value;
      humanCount[item] = humanCount[item]! + 1;
    }
  }
  for (let item = 0; item < itemCount; item += 1) {
    judge[item] = judgeCount[item] ? judge[item]! / judgeCount[item]! : NaN;
    human[item] = humanCount[item] ? human[item]! / humanCount[item]! : NaN;
  }
  return { judge, human };
}

function labelledVariancesOf(judge: Float64Array, human: Float64Array, inclusion?: Float64Array) {
  const labels: number[] = [];
  const judged: number[] = [];
  for (let index = 0; index < judge.length; index += 1) {
    if (Number.isNaN(judge[index]!) || Number.isNaN(human[index]!)) continue;
    if (inclusion && !(inclusion[index]! > 0)) continue;
    labels.push(human[index]!);
    judged.push(judge[index]!);
  }
  return labels.length < 2 ? null : labelledVariances(labels, judged);
}

/** The estimates with "how many more human ratings" answered for a target width (none without one). */
export function withTargetWidth(estimates: RatingsEstimates, targetWidth: number | null): RatingsEstimates {
  return {
    ...estimates,
    targetWidth,
    systems: estimates.systems.map((system) => ({
      ...system,
      measures: system.measures.map((measure) => ({
        ...measure,
        ratingsNeeded:
          targetWidth === null || measure.variances === null
            ? null
            : ratingsNeeded({
                ...measure.variances,
                labelled: measure.used.labelled,
                totalItems: measure.used.labelled + measure.used.unlabelled,
                targetWidth,
              }),
      })),
    })),
  };
}
