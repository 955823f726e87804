// The items behind one figure of the quality report, worst disagreement
// first: the units an agreement cell is computed from, each with how far its
// ratings are apart. Ordinal fields (Likert scores): the spread of the scores
// (across the two sides for human↔judge: the largest |human − judge| of the
// item's pairs). Nominal fields (verdicts, tags): the number of distinct
// values. Pooled fields (every hazard, every tag) take their worst column and
// count the columns in conflict. Pure: the caller loads the ratings.
import { HUMAN_SIDE_VS_JUDGE, HUMAN_TYPES, NO_VERDICT, type RaterType } from "./agreement-report";

export const PAIRINGS = ["human_human", "human_judge", "judge_judge"] as const;
/** A pairing of the report, or the ratings of one rater type among themselves. */
export type DrillPairing = (typeof PAIRINGS)[number] | { raterType: RaterType };

/** One rating of the field: a value per column (one column for a score; one per hazard or tag for a pooled field). */
export type FieldRating = {
  itemId: string;
  evalId: string;
  raterType: RaterType;
  values: Readonly<Record<string, string | number | undefined>>;
};

export type ItemDisagreement = {
  itemId: string;
  /** Spread of the scores (ordinal) or the number of distinct values (nominal), in the worst column. */
  disagreement: number;
  /** Columns where the ratings differ (a pooled field's hazards or tags; 0 or 1 for a single one). */
  columnsInConflict: number;
  /** Hazard-confusion filter only: the number of human × judge pairs with the asked verdicts. */
  matchingPairs?: number;
  /** The ratings compared, in the order given. */
  ratings: FieldRating[];
};

export type DrillOptions = {
  level: "ordinal" | "nominal";
  pairing: DrillPairing;
  /** Keep only items with a human × judge pair whose verdicts are these, in some column (hazard confusion cell). */
  confusion?: { judge: string; human: string };
  /** Within a kind: an item with a single rating is a unit too (disagreement 0), as when listing one rater's items. */
  singles?: boolean;
};

/** The items of a cell, worst first (then by more columns in conflict, then by item id); items that form no unit are left out. */
export function itemDisagreements(ratings: readonly FieldRating[], options: DrillOptions): ItemDisagreement[] {
  const byItem = new Map<string, FieldRating[]>();
  for (const rating of ratings) {
    const list = byItem.get(rating.itemId);
    if (list) list.push(rating);
    else byItem.set(rating.itemId, [rating]);
  }
  const result: ItemDisagreement[] = [];
  for (const [itemId, itemRatings] of byItem) {
    const entry =
      options.pairing === "human_judge"
        ? crossDisagreement(itemId, itemRatings, options)
        : withinDisagreement(itemId, itemRatings, options);
    if (entry) result.push(entry);
  }
  return result.sort(
    (a, b) =>
      b.disagreement - a.disagreement ||
      b.columnsInConflict - a.columnsInConflict ||
      (b.matchingPairs ?? 0) - (a.matchingPairs ?? 0) ||
      a.itemId.localeCompare(b.itemId),
  );
}

function selects(pairing: Exclude<DrillPairing, "human_judge">, type: RaterType): boolean {
  if (pairing === "human_human") return HUMAN_TYPES.has(type);
  if (pairing === "judge_judge") return type === "llm_judge";
  return type === pairing.raterType;
}

function columnsOf(ratings: readonly FieldRating[]): string[] {
  return [...new Set(ratings.flatMap((rating) => Object.keys(rating.values)))].sort();
}

/** Ratings of one kind among themselves: a unit needs two values in a column. */
function withinDisagreement(
  itemId: string,
  itemRatings: FieldRating[],
  options: DrillOptions,
): ItemDisagreement | null {
  const pairing = options.pairing as Exclude<DrillPairing, "human_judge">;
  const chosen = itemRatings.filter((rating) => selects(pairing, rating.raterType));
  let disagreement = -1;
  let columnsInConflict = 0;
  for (const column of columnsOf(chosen)) {
    const values = chosen.map((rating) => rating.values[column]).filter((value) => value !== undefined);
    if (values.length < (options.singles ? 1 : 2)) continue;
    const distance = distanceOf(values, options.level);
    disagreement = Math.max(disagreement, distance);
    if (distance > (options.level === "nominal" ? 1 : 0)) columnsInConflict += 1;
  }
  return disagreement < 0 ? null : { itemId, disagreement, columnsInConflict, ratings: chosen };
}

/** Human side against the judge: a unit needs a value on each side in a column. */
function crossDisagreement(itemId: string, itemRatings: FieldRating[], options: DrillOptions): ItemDisagreement | null {
  const humans = itemRatings.filter((rating) => HUMAN_SIDE_VS_JUDGE.has(rating.raterType));
  const judges = itemRatings.filter((rating) => rating.raterType === "llm_judge");
  let disagreement = -1;
  let columnsInConflict = 0;
  let matchingPairs = 0;
  for (const column of columnsOf([...humans, ...judges])) {
    const humanValues = humans.map((rating) => rating.values[column]).filter((value) => value !== undefined);
    const judgeValues = judges.map((rating) => rating.values[column]).filter((value) => value !== undefined);
    if (options.confusion) matchingPairs += confusionPairs(humans, judges, column, options.confusion);
    if (humanValues.length === 0 || judgeValues.length === 0) continue;
    let distance: number;
    if (options.level === "ordinal") {
      distance = 0;
      for (const human of humanValues)
        for (const judge of judgeValues) distance = Math.max(distance, Math.abs(Number(human) - Number(judge)));
    } else {
      distance = new Set([...humanValues, ...judgeValues]).size;
    }
    disagreement = Math.max(disagreement, distance);
    if (distance > (options.level === "nominal" ? 1 : 0)) columnsInConflict += 1;
  }
  // A verdict pair with "none" on one side is an item where that side left the hazard out: it forms no α unit, but it is the cell's item.
  if (options.confusion && matchingPairs > 0 && disagreement < 0) disagreement = 1;
  if (disagreement < 0) return null;
  if (options.confusion && matchingPairs === 0) return null;
  return {
    itemId,
    disagreement,
    columnsInConflict,
    ...(options.confusion ? { matchingPairs } : {}),
    ratings: [...humans, ...judges],
  };
}

/** Human × judge pairs of a column with the asked verdicts; a rating without a value in the column says NO_VERDICT, as the report counts it. */
function confusionPairs(
  humans: FieldRating[],
  judges: FieldRating[],
  column: string,
  confusion: { judge: string; human: string },
): number {
  const said = (rating: FieldRating) => rating.values[column] ?? NO_VERDICT;
  const humanCount = humans.filter((rating) => said(rating) === confusion.human).length;
  const judgeCount = judges.filter((rating) => said(rating) === confusion.judge).length;
  // Both silent is not a pair the report counts.
  return confusion.human === NO_VERDICT && confusion.judge === NO_VERDICT ? 0 : humanCount * judgeCount;
}

function distanceOf(values: (string | number)[], level: "ordinal" | "nominal"): number {
  if (level === "nominal") return new Set(values).size;
  const numbers = values.map(Number);
  return Math.max(...numbers) - Math.min(...numbers);
}
