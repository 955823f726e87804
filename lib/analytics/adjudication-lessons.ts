// What adjudication teaches, computed from a suite's ratings and its
// authoritative (adjudicated) answers: Likert agreement before and after the
// adjudicated answers stand, and per rater how often their value was the one
// kept, beside their accuracy on gold items. Pure: the caller loads both.
import { HUMAN_TYPES, type RatingColumns } from "./agreement-report";
import { matrixOfGroupedUnits } from "./coincidence-matrix";
import { alphaFromMatrix } from "./krippendorff-alpha";
import { groupRowsByItem, withinPatterns, type ItemGroups } from "./rating-units";

/** An item's authoritative answer (its latest adjudication): the Likert scores and hazard verdicts it gives. */
export type AuthoritativeAnswer = { likert: ReadonlyMap<string, number>; hazards: ReadonlyMap<string, string> };

export type AlphaBeforeAfter = {
  dimension: string;
  /** Adjudicated items among the units of this dimension (items with two or more human ratings of it). */
  adjudicatedUnits: number;
  units: number;
  before: number | null;
  after: number | null;
};

/**
 * Human↔human α per dimension (the report's pairing: human and SME ratings),
 * before and after adjudication.
 *
 * Definition: "before" is α over the ratings as stored. "After" is α over the
 * same units with every human rating of an adjudicated item replaced by the
 * item's authoritative score, so each unit keeps its number of values. Why
 * this and not the alternatives: dropping adjudicated items, or counting the
 * answer once, would change n and the expected disagreement D_e along with
 * the data, so the two figures would not be of the same data set; replacing
 * keeps every unit and its weight, and answers the question an analyst asks —
 * how reliable is the data set a consumer now reads, where the adjudicated
 * answer stands for the item. An item's unit then holds one value n times (no
 * observed disagreement), so the rise from before to after is the share of
 * the disagreement adjudication settled; what is left is in items nobody has
 * adjudicated yet. An answer that leaves a dimension out changes nothing.
 */
export function alphaBeforeAfter(
  ratings: RatingColumns,
  answers: ReadonlyMap<string, AuthoritativeAnswer>,
  options: {
    dimensions: readonly string[];
    level: "ordinal" | "interval";
    /** The ratings grouped by item, if the caller has them. */
    groups?: ItemGroups;
    /** The report's human↔human α per dimension (the same "before"), if computed already. */
    before?: ReadonlyMap<string, { alpha: number | null; units: number }>;
  },
): AlphaBeforeAfter[] {
  if (answers.size === 0) return [];
  const groups = options.groups ?? groupRowsByItem(ratings.items);
  const humans = new Uint8Array(ratings.raterTypes.length);
  ratings.raterTypes.forEach((type, row) => (humans[row] = HUMAN_TYPES.has(type) ? 1 : 0));
  const alphaOf = (column: readonly (number | undefined)[]) => {
    const result = alphaFromMatrix(
      matrixOfGroupedUnits(withinPatterns(groups, humans, [column], options.level)),
      options.level,
    );
    return { alpha: result.alpha, units: result.units };
  };
  // The human rows of adjudicated items, found once (one lookup per rating, not per rating and dimension).
  const adjudicatedRows: number[] = [];
  ratings.items.forEach((item, row) => {
    if (humans[row] === 1 && answers.has(item)) adjudicatedRows.push(row);
  });
  return options.dimensions.map((dimension): AlphaBeforeAfter => {
    const stored = ratings.likert.get(dimension) ?? [];
    let replaced: (number | undefined)[] | null = null;
    const humanRatingsOf = new Map<string, number>();
    for (const row of adjudicatedRows) {
      const item = ratings.items[row]!;
      const answer = answers.get(item)!.likert.get(dimension);
      if (answer === undefined || stored[row] === undefined) continue;
      (replaced ??= [...stored])[row] = answer;
      humanRatingsOf.set(item, (humanRatingsOf.get(item) ?? 0) + 1);
    }
    const before = options.before?.get(dimension) ?? alphaOf(stored);
    return {
      dimension,
      adjudicatedUnits: [...humanRatingsOf.values()].filter((count) => count >= 2).length,
      units: before.units,
      before: before.alpha,
      // Nothing replaced: the same data, the same α.
      after: replaced === null ? before.alpha : alphaOf(replaced).alpha,
    };
  });
}

/** One rating of an adjudicated item: who gave it and its values, with the confidence of each score. */
export type SourceRating = {
  item: string;
  rater: string;
  likert: ReadonlyMap<string, { score: number; confidence: string | undefined }>;
  hazards: ReadonlyMap<string, string>;
};
export type FieldAccuracy = {
  /** A Likert dimension, or "safety" for the hazard verdicts pooled. */
  field: string;
  compared: number;
  kept: number;
  /** Likert only: mean |score − authoritative score|. */
  meanAbsoluteError: number | null;
};
export type AccuracyAgainstAdjudication = { rater: string; compared: number; kept: number; fields: FieldAccuracy[] };

/**
 * Per rater, how often their value was the one kept: a Likert score or a
 * hazard verdict equal to the authoritative answer's. This is the sidecar's
 * "kept from" (a decision names every source whose value it kept) counted per
 * rater, read from the values so that an answer re-adjudicated later counts
 * against its latest decision. Fields the answer or the rater left out are not
 * compared. Raters in order of first appearance.
 */
export function accuracyAgainstAdjudication(
  sources: readonly SourceRating[],
  answers: ReadonlyMap<string, AuthoritativeAnswer>,
): AccuracyAgainstAdjudication[] {
  const byRater = new Map<string, Map<string, { compared: number; kept: number; errorSum: number; likert: boolean }>>();
  const add = (rater: string, field: string, kept: boolean, error: number | null) => {
    let fields = byRater.get(rater);
    if (!fields) byRater.set(rater, (fields = new Map()));
    let entry = fields.get(field);
    if (!entry) fields.set(field, (entry = { compared: 0, kept: 0, errorSum: 0, likert: error !== null }));
    entry.compared += 1;
    if (kept) entry.kept += 1;
    entry.errorSum += error ?? 0;
  };
  for (const source of sources) {
    const answer = answers.get(source.item);
    if (!answer) continue;
    if (!byRater.has(source.rater)) byRater.set(source.rater, new Map());
    for (const [dimension, { score }] of source.likert) {
      const kept = answer.likert.get(dimension);
      if (kept !== undefined) add(source.rater, dimension, score === kept, Math.abs(score - kept));
    }
    for (const [hazard, verdict] of source.hazards) {
      const kept = answer.hazards.get(hazard);
      if (kept !== undefined) add(source.rater, "safety", verdict === kept, null);
    }
  }
  return [...byRater].map(([rater, fields]) => {
    const list = [...fields].map(([field, entry]): FieldAccuracy => ({
      field,
      compared: entry.compared,
      kept: entry.kept,
      meanAbsoluteError: entry.likert ? entry.errorSum / entry.compared : null,
    }));
    return {
      rater,
      compared: list.reduce((sum, entry) => sum + entry.compared, 0),
      kept: list.reduce((sum, entry) => sum + entry.kept, 0),
      fields: list.sort((a, b) => a.field.localeCompare(b.field)),
    };
  });
}

/** Accuracy on gold items: of a rater's gold scores, how many hit the target exactly, and the mean absolute error. */
export type GoldAccuracy = { rater: string; compared: number; exact: number; meanAbsoluteError: number };

export function goldAccuracy(errors: readonly { rater: string; absoluteError: number }[]): GoldAccuracy[] {
  const byRater = new Map<string, GoldAccuracy>();
  for (const { rater, absoluteError } of errors) {
    let entry = byRater.get(rater);
    if (!entry) byRater.set(rater, (entry = { rater, compared: 0, exact: 0, meanAbsoluteError: 0 }));
    entry.compared += 1;
    if (absoluteError === 0) entry.exact += 1;
    entry.meanAbsoluteError += absoluteError;
  }
  return [...byRater.values()].map((entry) => ({
    ...entry,
    meanAbsoluteError: entry.meanAbsoluteError / entry.compared,
  }));
}

/** Each score of an adjudicated item's rating against the authoritative score, for the confidence calibration. */
export function errorsAgainstAdjudication(
  sources: readonly SourceRating[],
  answers: ReadonlyMap<string, AuthoritativeAnswer>,
): { rater: string; confidence: string | undefined; absoluteError: number }[] {
  const errors: { rater: string; confidence: string | undefined; absoluteError: number }[] = [];
  for (const source of sources) {
    const answer = answers.get(source.item);
    if (!answer) continue;
    for (const [dimension, { score, confidence }] of source.likert) {
      const kept = answer.likert.get(dimension);
      if (kept !== undefined) errors.push({ rater: source.rater, confidence, absoluteError: Math.abs(score - kept) });
    }
  }
  return errors;
}
