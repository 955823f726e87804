// Every estimate of a suite's ratings, per system under test × measure: the
// one computation behind the API, the report section and `evalform estimate`
// (which builds the same columns from an export), so their figures agree.
import type { RatingColumns } from "@/lib/analytics/agreement-report";
import { groupRowsByItem, type ItemGroups } from "@/lib/analytics/rating-units";
import { estimateMean, type ItemValues, type MeanEstimates } from "./estimate-mean";
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
  /** The ratings grouped by item, when the caller has them already (the quality report does). */
  groups?: ItemGroups;
};

/** An item key is its task and system under test, "task|system" (lib/analytics/report-ratings.ts). */
export function systemOfItem(item: string): string {
  return item.slice(item.indexOf("|") + 1);
}

export function estimatesOfRatings(ratings: RatingColumns, options: EstimateOptions = {}): RatingsEstimates {
  const groups = options.groups ?? groupRowsByItem(ratings.items);
  const layout = layoutOf(ratings, groups);
  const itemCount = layout.itemAt.length;
  const inclusion = options.inclusionOf && inclusionOf(layout, groups, ratings.items, options.inclusionOf);
  // One set of buffers for every measure, each system's items a view of them: the per-measure and per-system
  // arrays were most of the garbage at a million ratings.
  const ratingValues = new Float64Array(ratings.items.length);
  const judge = new Float64Array(itemCount);
  const human = new Float64Array(itemCount);
  const scratch = new Float64Array(3 * Math.max(0, ...layout.systems.map(({ start, end }) => end - start)));
  const measures = measuresOf(ratings);
  const bySystem = layout.systems.map(() => [] as MeasureEstimates[]);
  for (const measure of measures) {
    measure.readInto(ratingValues);
    averagesInto(layout, ratingValues, judge, human);
    layout.systems.forEach(({ start, end }, index) => {
      const values = {
        judge: judge.subarray(start, end),
        human: human.subarray(start, end),
        ...(inclusion ? { inclusion: inclusion.subarray(start, end) } : {}),
      };
      bySystem[index]!.push({
        measure: measure.key,
        kind: measure.kind,
        ...estimateMean(values, scratch),
        variances: labelledVariancesOf(values, scratch),
        ratingsNeeded: null,
      });
    });
  }
  const systems = layout.systems.map(({ system, start, end }, index) => ({
    system,
    items: end - start,
    measures: bySystem[index]!,
  }));
  return withTargetWidth(
    { systems, targetWidth: null, ratingsNotUsed: layout.ratingsNotUsed },
    options.targetWidth ?? null,
  );
}

/**
 * The items numbered system by system (systems sorted, items in first-appearance order within each), and each
 * item's judge and human ratings: item p's are ratings[rowStarts[p] .. rowStarts[p + 1]), judges flagged.
 */
type ItemLayout = {
  systems: { system: string; start: number; end: number }[];
  /** The item (in the groups' numbering) at each position. */
  itemAt: Int32Array;
  rowStarts: Int32Array;
  rows: Int32Array;
  rowIsJudge: Uint8Array;
  ratingsNotUsed: number;
};

function layoutOf(ratings: RatingColumns, { rowIndexes, itemStarts, items }: ItemGroups): ItemLayout {
  const systemNumber = new Map<string, number>();
  const systemNames: string[] = [];
  const systemOf = new Int32Array(items);
  for (let item = 0; item < items; item += 1) {
    const system = systemOfItem(ratings.items[rowIndexes[itemStarts[item]!]!]!);
    let number = systemNumber.get(system);
    if (number === undefined) systemNumber.set(system, (number = systemNames.push(system) - 1));
    systemOf[item] = number;
  }
  const sorted = systemNames.map((_, number) => number).sort((a, b) => compareText(systemNames[a]!, systemNames[b]!));
  const rank = new Int32Array(sorted.length);
  sorted.forEach((number, at) => (rank[number] = at));
  const systemStarts = new Int32Array(sorted.length + 1);
  for (let item = 0; item < items; item += 1) {
    const at = rank[systemOf[item]!]! + 1;
    systemStarts[at] = systemStarts[at]! + 1;
  }
  for (let at = 0; at < sorted.length; at += 1) systemStarts[at + 1] = systemStarts[at + 1]! + systemStarts[at]!;
  const next = systemStarts.slice(0, sorted.length);
  const itemAt = new Int32Array(items);
  for (let item = 0; item < items; item += 1) itemAt[next[rank[systemOf[item]!]!]!++] = item;

  const role = new Uint8Array(ratings.raterTypes.length); // 1 judge, 2 human, 0 not used
  let ratingsNotUsed = 0;
  ratings.raterTypes.forEach((type, rating) => {
    if (type === JUDGE_RATER_TYPE) role[rating] = 1;
    else if (HUMAN_RATER_TYPES.has(type)) role[rating] = 2;
    else ratingsNotUsed += 1;
  });
  const rowStarts = new Int32Array(items + 1);
  for (let position = 0; position < items; position += 1) {
    const item = itemAt[position]!;
    let used = 0;
    for (let at = itemStarts[item]!; at < itemStarts[item + 1]!; at += 1) if (role[rowIndexes[at]!]) used += 1;
    rowStarts[position + 1] = rowStarts[position]! + used;
  }
  const rows = new Int32Array(rowStarts[items]!);
  const rowIsJudge = new Uint8Array(rows.length);
  let written = 0;
  for (let position = 0; position < items; position += 1) {
    const item = itemAt[position]!;
    // Each item's ratings in rating order, so the sums come out as a pass over the ratings would give them.
    for (let at = itemStarts[item]!; at < itemStarts[item + 1]!; at += 1) {
      const rating = rowIndexes[at]!;
      if (!role[rating]) continue;
      rowIsJudge[written] = role[rating] === 1 ? 1 : 0;
      rows[written++] = rating;
    }
  }
  const systems = sorted.map((number, at) => ({
    system: systemNames[number]!,
    start: systemStarts[at]!,
    end: systemStarts[at + 1]!,
  }));
  return { systems, itemAt, rowStarts, rows, rowIsJudge, ratingsNotUsed };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Each position's inclusion probability, NaN for an item outside the design. */
function inclusionOf(
  { itemAt }: ItemLayout,
  groups: ItemGroups,
  keys: readonly string[],
  probabilityOf: (item: string) => number | undefined,
): Float64Array {
  const inclusion = new Float64Array(itemAt.length);
  itemAt.forEach((item, position) => {
    inclusion[position] = probabilityOf(keys[groups.rowIndexes[groups.itemStarts[item]!]!]!) ?? NaN;
  });
  return inclusion;
}

/** Each item's judge and human value of one measure (several ratings of a side averaged), NaN for none. */
function averagesInto(
  { rowStarts, rows, rowIsJudge }: ItemLayout,
  ratingValues: Float64Array,
  judge: Float64Array,
  human: Float64Array,
): void {
  for (let position = 0; position < judge.length; position += 1) {
    let judgeSum = 0;
    let judgeCount = 0;
    let humanSum = 0;
    let humanCount = 0;
    for (let at = rowStarts[position]!; at < rowStarts[position + 1]!; at += 1) {
      const value = ratingValues[rows[at]!]!;
      if (Number.isNaN(value)) continue;
      if (rowIsJudge[at]) {
        judgeSum += value;
        judgeCount += 1;
      } else {
        humanSum += value;
        humanCount += 1;
      }
    }
    judge[position] = judgeCount ? judgeSum / judgeCount : NaN;
    human[position] = humanCount ? humanSum / humanCount : NaN;
  }
}

/** σ²_Y and σ²_Y(1 − ρ²) of the labelled items; labels and the judge's values on them copied into `scratch` (2n long). */
function labelledVariancesOf({ judge, human, inclusion }: ItemValues, scratch: Float64Array) {
  const judgedAt = judge.length;
  let count = 0;
  for (let index = 0; index < judge.length; index += 1) {
    if (Number.isNaN(judge[index]!) || Number.isNaN(human[index]!)) continue;
    if (inclusion && !(inclusion[index]! > 0)) continue;
    scratch[count] = human[index]!;
    scratch[judgedAt + count++] = judge[index]!;
  }
  if (count < 2) return null;
  return labelledVariances(scratch.subarray(0, count), scratch.subarray(judgedAt, judgedAt + count));
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
