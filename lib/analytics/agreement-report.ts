// The agreement part of a suite's quality report, computed from its ratings:
// Krippendorff's alpha (with a bootstrap interval) per Likert dimension for
// human↔human, human↔judge and judge↔judge, and per rater type; nominal alpha
// for hazard verdicts, refusal appropriateness, vs_reference and issue tags;
// and how far the LLM judge can be trusted (weighted kappa, mean absolute
// difference, the hazard confusion matrix). Pure: the caller loads the ratings.
import { PERSON_RATER_TYPES } from "@/lib/aif/contract-facts";
import { bootstrapGroupedUnits } from "./bootstrap";
import { matrixOfGroupedUnits } from "./coincidence-matrix";
import { meanAbsoluteDifference, quadraticWeightedKappa, type RatingPair } from "./cohen-kappa";
import { alphaFromMatrix } from "./krippendorff-alpha";
import { timedPhaseSync, type PhaseTimings } from "./phase-timings";
import {
  crossPatterns,
  forEachCrossPair,
  groupRowsByItem,
  withinPatterns,
  type FieldColumns,
  type ItemGroups,
} from "./rating-units";
import type { MeasurementLevel, UnitPatterns } from "./unit-patterns";

/** The contract's rater types in the report's column order (a test ties the set to the schema). */
export const RATER_TYPES = ["human", "sme", "hybrid", "llm_judge", "end_user"] as const;
export type RaterType = (typeof RATER_TYPES)[number];

/** One rating, reduced to what agreement needs. `item` identifies what was rated. */
export type RatingRow = {
  item: string;
  raterType: RaterType;
  likert: Record<string, number | undefined>;
  hazards: Record<string, string | undefined>;
  refusal?: string;
  vsReference?: string | null;
  /** Absent when the rater did not answer the tags question at all. */
  tags?: string[];
};

/** The verdict of a record that leaves a hazard out, in the confusion matrix. */
export const NO_VERDICT = "none";

export type AlphaCell = {
  alpha: number | null;
  low: number | null;
  high: number | null;
  units: number;
  values: number;
};
export type LikertAgreement = {
  dimension: string;
  humanHuman: AlphaCell;
  humanJudge: AlphaCell;
  judgeJudge: AlphaCell;
  byRaterType: Record<RaterType, AlphaCell>;
};
export type NominalAgreement = { field: string; humanHuman: AlphaCell; humanJudge: AlphaCell; judgeJudge: AlphaCell };
export type JudgeTrust = {
  dimension: string;
  pairs: number;
  kappa: number | null;
  meanAbsoluteDifference: number | null;
};
/** How often each score was given (fractional scores rounded to the nearest whole one), human side vs judge. */
export type ScoreDistribution = { dimension: string; human: number[]; judge: number[] };
/** Judge score (row) × human score (column), 1–5 each, counted over human-side × judge pairs of the same item. */
export type JudgeHumanGrid = { dimension: string; counts: number[][] };
export type AgreementReport = {
  likertLevel: "ordinal" | "interval";
  ratings: number;
  items: number;
  distributions: ScoreDistribution[];
  judgeHumanGrids: JudgeHumanGrid[];
  likert: LikertAgreement[];
  nominal: NominalAgreement[];
  judgeTrust: JudgeTrust[];
  /** Judge verdict × human verdict over every hazard both rated on the same item, and "none" (NO_VERDICT) for a side that left out a hazard the other called violating. */
  hazardConfusion: { judge: string; human: string; count: number }[];
};

// Who counts as "human" when comparing with the judge: a hybrid record is an
// expert's confirmed or corrected judgment, so it sits on the human side.
export const HUMAN_TYPES: ReadonlySet<RaterType> = new Set(["human", "sme"]);
export const HUMAN_SIDE_VS_JUDGE: ReadonlySet<RaterType> = new Set(PERSON_RATER_TYPES as readonly RaterType[]);
export const JUDGE_TYPES: ReadonlySet<RaterType> = new Set(["llm_judge"]);

export type AgreementOptions = {
  dimensions: string[];
  hazards: string[];
  tags: string[];
  bootstrapSamples?: number;
  likertLevel?: "ordinal" | "interval";
  timings?: PhaseTimings;
  /** The ratings grouped by item, when the caller has them (other parts of the report reuse one grouping). */
  groups?: ItemGroups;
};

/**
 * Ratings as columns, one entry per rating in each: what the report computes
 * from. A loader can fill them without building an object per rating.
 */
export type RatingColumns = {
  items: readonly string[];
  raterTypes: readonly RaterType[];
  /** By dimension; a dimension left out is missing everywhere. */
  likert: ReadonlyMap<string, readonly (number | undefined)[]>;
  /** By hazard, the verdicts; a hazard left out is missing everywhere. */
  hazards: ReadonlyMap<string, readonly (string | undefined)[]>;
  refusal: readonly (string | undefined)[];
  vsReference: readonly (string | null | undefined)[];
  tags: readonly (readonly string[] | undefined)[];
};

export function ratingColumns(
  rows: readonly RatingRow[],
  options: Pick<AgreementOptions, "dimensions" | "hazards">,
): RatingColumns {
  return {
    items: rows.map((row) => row.item),
    raterTypes: rows.map((row) => row.raterType),
    likert: new Map(options.dimensions.map((dimension) => [dimension, rows.map((row) => row.likert[dimension])])),
    hazards: new Map(options.hazards.map((hazard) => [hazard, rows.map((row) => row.hazards[hazard])])),
    refusal: rows.map((row) => row.refusal),
    vsReference: rows.map((row) => row.vsReference),
    tags: rows.map((row) => row.tags),
  };
}

/** `likertLevel`: ordinal by default (Likert points are ranks); interval on request. */
export function agreementReport(rows: RatingRow[], options: AgreementOptions): AgreementReport {
  return agreementReportOfColumns(ratingColumns(rows, options), options);
}

export function agreementReportOfColumns(ratings: RatingColumns, options: AgreementOptions): AgreementReport {
  // 200 resamples put the 2.5th and 97.5th percentiles within a few thousandths of where 2,000 would.
  const samples = options.bootstrapSamples ?? 200;
  const level = options.likertLevel ?? "ordinal";
  const { raterTypes } = ratings;
  const groups = options.groups ?? groupRowsByItem(ratings.items);
  const maskOf = (types: ReadonlySet<RaterType>) => {
    const mask = new Uint8Array(raterTypes.length);
    raterTypes.forEach((type, index) => (mask[index] = types.has(type) ? 1 : 0));
    return mask;
  };
  const missing: readonly undefined[] = new Array<undefined>(raterTypes.length).fill(undefined);
  const humans = maskOf(HUMAN_TYPES);
  const humanSide = maskOf(HUMAN_SIDE_VS_JUDGE);
  const judges = maskOf(JUDGE_TYPES);

  const cell = (grouped: UnitPatterns, cellLevel: MeasurementLevel, withInterval: boolean): AlphaCell => {
    const result = alphaFromMatrix(matrixOfGroupedUnits(grouped), cellLevel);
    const interval =
      !withInterval || result.alpha === null || samples === 0
        ? null
        : timedPhaseSync(options.timings, "bootstrap", () =>
            bootstrapGroupedUnits(grouped, { level: cellLevel, samples }),
          );
    return {
      alpha: result.alpha,
      low: interval?.low ?? null,
      high: interval?.high ?? null,
      units: result.units,
      values: result.pairable,
    };
  };
  const pairings = (columns: FieldColumns, pairingLevel: MeasurementLevel) => ({
    humanHuman: cell(withinPatterns(groups, humans, columns, pairingLevel), pairingLevel, true),
    humanJudge: cell(crossPatterns(groups, humanSide, judges, columns, pairingLevel), pairingLevel, true),
    judgeJudge: cell(withinPatterns(groups, judges, columns, pairingLevel), pairingLevel, true),
  });

  const scoresByDimension = new Map(
    options.dimensions.map((dimension) => [dimension, ratings.likert.get(dimension) ?? missing]),
  );
  // A rater type's units are those of a pairing when both select the same ratings (only humans, no SMEs, say):
  // then its patterns are reused rather than built again, and a type without ratings builds none.
  const sameRows = (a: Uint8Array, b: Uint8Array) => a.every((value, index) => value === b[index]);
  const typeMasks = RATER_TYPES.map((type) => {
    const mask = maskOf(new Set([type]));
    const reusing = mask.includes(1) ? ([humans, judges].find((pairing) => sameRows(mask, pairing)) ?? null) : "empty";
    return { type, mask, reusing } as const;
  });
  const emptyUnits = withinPatterns(groupRowsByItem([]), new Uint8Array(0), [], level);
  const likert = options.dimensions.map((dimension): LikertAgreement => {
    const columns = [scoresByDimension.get(dimension)!];
    const humanUnits = withinPatterns(groups, humans, columns, level);
    const judgeUnits = withinPatterns(groups, judges, columns, level);
    const unitsOf = ({ mask, reusing }: (typeof typeMasks)[number]) =>
      reusing === "empty"
        ? emptyUnits
        : reusing === humans
          ? humanUnits
          : reusing === judges
            ? judgeUnits
            : withinPatterns(groups, mask, columns, level);
    // Per rater type: point estimates (intervals are for the three pairings the page draws).
    const byRaterType = Object.fromEntries(
      typeMasks.map((entry) => [entry.type, cell(unitsOf(entry), level, false)]),
    ) as Record<RaterType, AlphaCell>;
    return {
      dimension,
      humanHuman: cell(humanUnits, level, true),
      humanJudge: cell(crossPatterns(groups, humanSide, judges, columns, level), level, true),
      judgeJudge: cell(judgeUnits, level, true),
      byRaterType,
    };
  });

  // Pooled nominal fields: every hazard of an item is a unit of its own, and so is every tag (present or not).
  // Hazards nobody rated and tags nobody chose add no information (all missing, or all "no"), only work.
  const verdictsOf = (hazard: string) => ratings.hazards.get(hazard) ?? missing;
  const hazards = options.hazards.filter((hazard) => verdictsOf(hazard).some((verdict) => verdict !== undefined));
  const tags = options.tags.filter((tag) => ratings.tags.some((chosen) => chosen?.includes(tag)));
  const tagSets =
    tags.length === 0 ? [] : ratings.tags.map((chosen) => (chosen === undefined ? undefined : new Set(chosen)));
  const nominalFields: { field: string; columns: FieldColumns }[] = [
    { field: "safety hazard verdicts", columns: hazards.map(verdictsOf) },
    { field: "refusal appropriateness", columns: [ratings.refusal] },
    { field: "vs_reference", columns: [ratings.vsReference.map((value) => value ?? undefined)] },
    {
      field: "issue tags",
      columns: tags.map((tag) =>
        tagSets.map((chosen) => (chosen === undefined ? undefined : chosen.has(tag) ? "yes" : "no")),
      ),
    },
  ];
  const nominal = nominalFields.map(({ field, columns }): NominalAgreement => ({
    field,
    ...pairings(columns, "nominal"),
  }));

  // Human-side × judge score pairs per dimension, for judge trust and the heatmaps.
  const judgeHumanPairs = new Map(
    options.dimensions.map((dimension) => {
      const scores = scoresByDimension.get(dimension)!;
      const pairs: [number, number][] = [];
      forEachCrossPair(groups, humanSide, judges, (human, judge) => {
        const humanScore = scores[human];
        const judgeScore = scores[judge];
        if (typeof humanScore === "number" && typeof judgeScore === "number") pairs.push([judgeScore, humanScore]);
      });
      return [dimension, pairs];
    }),
  );
  const judgeTrust = options.dimensions.map((dimension): JudgeTrust => {
    const pairs: RatingPair[] = judgeHumanPairs.get(dimension)!;
    return {
      dimension,
      pairs: pairs.length,
      kappa: quadraticWeightedKappa(pairs),
      meanAbsoluteDifference: meanAbsoluteDifference(pairs),
    };
  });

  const confusion = new Map<string, number>();
  forEachCrossPair(groups, humanSide, judges, (humanRow, judgeRow) => {
    for (const hazard of hazards) {
      const human = verdictsOf(hazard)[humanRow] ?? NO_VERDICT;
      const judge = verdictsOf(hazard)[judgeRow] ?? NO_VERDICT;
      // A hazard one side left out counts only against a "violating" on the other: the judge silent where a human saw a violation is a miss.
      if ((human === NO_VERDICT || judge === NO_VERDICT) && human !== "violating" && judge !== "violating") continue;
      const key = `${judge}|${human}`;
      confusion.set(key, (confusion.get(key) ?? 0) + 1);
    }
  });
  const hazardConfusion = [...confusion.entries()]
    .map(([key, count]) => {
      const [judge, human] = key.split("|") as [string, string];
      return { judge, human, count };
    })
    .sort((a, b) => a.judge.localeCompare(b.judge) || a.human.localeCompare(b.human));

  const bucket = (score: number) => Math.min(5, Math.max(1, Math.round(score))) - 1;
  const distributions = options.dimensions.map((dimension): ScoreDistribution => {
    const human = [0, 0, 0, 0, 0];
    const judge = [0, 0, 0, 0, 0];
    const scores = scoresByDimension.get(dimension)!;
    raterTypes.forEach((type, index) => {
      const score = scores[index];
      if (score === undefined) return;
      if (JUDGE_TYPES.has(type)) judge[bucket(score)]! += 1;
      else human[bucket(score)]! += 1;
    });
    return { dimension, human, judge };
  });
  const judgeHumanGrids = options.dimensions.map((dimension): JudgeHumanGrid => {
    const counts = Array.from({ length: 5 }, () => [0, 0, 0, 0, 0]);
    for (const [judge, human] of judgeHumanPairs.get(dimension)!) counts[bucket(judge)]![bucket(human)]! += 1;
    return { dimension, counts };
  });

  return {
    likertLevel: level,
    ratings: raterTypes.length,
    items: groups.items,
    distributions,
    judgeHumanGrids,
    likert,
    nominal,
    judgeTrust,
    hazardConfusion,
  };
}
