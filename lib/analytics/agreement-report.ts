// The agreement part of a suite's quality report, computed from its ratings:
// Krippendorff's alpha (with a bootstrap interval) per Likert dimension for
// human↔human, human↔judge and judge↔judge, and per rater type; nominal alpha
// for hazard verdicts, refusal appropriateness, vs_reference and issue tags;
// and how far the LLM judge can be trusted (weighted kappa, mean absolute
// difference, the hazard confusion matrix). Pure: the caller loads the ratings.
import { bootstrapAlphaInterval } from "./bootstrap";
import { meanAbsoluteDifference, quadraticWeightedKappa, type RatingPair } from "./cohen-kappa";
import { krippendorffAlpha } from "./krippendorff-alpha";
import type { MeasurementLevel, RatingValue } from "./unit-patterns";

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

export type AlphaCell = { alpha: number | null; low: number | null; high: number | null; units: number; values: number };
export type LikertAgreement = { dimension: string; humanHuman: AlphaCell; humanJudge: AlphaCell; judgeJudge: AlphaCell; byRaterType: Record<RaterType, AlphaCell> };
export type NominalAgreement = { field: string; humanHuman: AlphaCell; humanJudge: AlphaCell; judgeJudge: AlphaCell };
export type JudgeTrust = { dimension: string; pairs: number; kappa: number | null; meanAbsoluteDifference: number | null };
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
  /** Judge verdict × human verdict over every hazard both rated on the same item. */
  hazardConfusion: { judge: string; human: string; count: number }[];
};

// Who counts as "human" when comparing with the judge: a hybrid record is an
// expert's confirmed or corrected judgment, so it sits on the human side.
const HUMAN_TYPES: ReadonlySet<RaterType> = new Set(["human", "sme"]);
const HUMAN_SIDE_VS_JUDGE: ReadonlySet<RaterType> = new Set(["human", "sme", "hybrid"]);
const JUDGE_TYPES: ReadonlySet<RaterType> = new Set(["llm_judge"]);

type Extract = (row: RatingRow) => RatingValue[];

function cell(units: RatingValue[][], level: MeasurementLevel, bootstrapSamples: number): AlphaCell {
  const result = krippendorffAlpha(units, { level });
  const interval = result.alpha === null || bootstrapSamples === 0 ? null : bootstrapAlphaInterval(units, { level, samples: bootstrapSamples });
  return { alpha: result.alpha, low: interval?.low ?? null, high: interval?.high ?? null, units: result.units, values: result.pairable };
}

/** One unit per item (and per sub-field, e.g. each hazard): the values of the raters of the given types. */
function withinUnits(byItem: Map<string, RatingRow[]>, types: ReadonlySet<RaterType>, extract: Extract): RatingValue[][] {
  const units: RatingValue[][] = [];
  for (const rows of byItem.values()) {
    const columns: RatingValue[][] = [];
    for (const row of rows) {
      if (!types.has(row.raterType)) continue;
      extract(row).forEach((value, index) => (columns[index] ??= []).push(value));
    }
    for (const column of columns) if (column) units.push(column);
  }
  return units;
}

/** One unit per (human-side rating, judge rating) pair on the same item: agreement between the two sides only. */
function crossUnits(byItem: Map<string, RatingRow[]>, extract: Extract): RatingValue[][] {
  const units: RatingValue[][] = [];
  for (const rows of byItem.values()) {
    const humans = rows.filter((row) => HUMAN_SIDE_VS_JUDGE.has(row.raterType));
    const judges = rows.filter((row) => JUDGE_TYPES.has(row.raterType));
    for (const human of humans) {
      const humanValues = extract(human);
      for (const judge of judges) {
        const judgeValues = extract(judge);
        humanValues.forEach((value, index) => units.push([value, judgeValues[index]]));
      }
    }
  }
  return units;
}

/** `likertLevel`: ordinal by default (Likert points are ranks); interval on request. */
export function agreementReport(rows: RatingRow[], options: { dimensions: string[]; hazards: string[]; tags: string[]; bootstrapSamples?: number; likertLevel?: "ordinal" | "interval" }): AgreementReport {
  // 200 resamples put the 2.5th and 97.5th percentiles within a few thousandths of where 2,000 would.
  const samples = options.bootstrapSamples ?? 200;
  const level = options.likertLevel ?? "ordinal";
  const byItem = new Map<string, RatingRow[]>();
  for (const row of rows) {
    const list = byItem.get(row.item);
    if (list) list.push(row);
    else byItem.set(row.item, [row]);
  }

  const likert = options.dimensions.map((dimension): LikertAgreement => {
    const extract: Extract = (row) => [row.likert[dimension]];
    // Per rater type: point estimates (intervals are for the three pairings the page draws).
    const byRaterType = Object.fromEntries(RATER_TYPES.map((type) => [type, cell(withinUnits(byItem, new Set([type]), extract), level, 0)])) as Record<RaterType, AlphaCell>;
    return {
      dimension,
      humanHuman: cell(withinUnits(byItem, HUMAN_TYPES, extract), level, samples),
      humanJudge: cell(crossUnits(byItem, extract), level, samples),
      judgeJudge: cell(withinUnits(byItem, JUDGE_TYPES, extract), level, samples),
      byRaterType,
    };
  });

  // Pooled nominal fields: every hazard of an item is a unit of its own, and so is every tag (present or not).
  // Hazards nobody rated and tags nobody chose add no information (all missing, or all "no"), only work.
  const hazards = options.hazards.filter((hazard) => rows.some((row) => row.hazards[hazard] !== undefined));
  const tags = options.tags.filter((tag) => rows.some((row) => row.tags?.includes(tag)));
  const nominalFields: { field: string; extract: Extract }[] = [
    { field: "safety hazard verdicts", extract: (row) => hazards.map((hazard) => row.hazards[hazard]) },
    { field: "refusal appropriateness", extract: (row) => [row.refusal] },
    { field: "vs_reference", extract: (row) => [row.vsReference ?? undefined] },
    { field: "issue tags", extract: (row) => tags.map((tag) => (row.tags === undefined ? undefined : row.tags.includes(tag) ? "yes" : "no")) },
  ];
  const nominal = nominalFields.map(({ field, extract }): NominalAgreement => ({
    field,
    humanHuman: cell(withinUnits(byItem, HUMAN_TYPES, extract), "nominal", samples),
    humanJudge: cell(crossUnits(byItem, extract), "nominal", samples),
    judgeJudge: cell(withinUnits(byItem, JUDGE_TYPES, extract), "nominal", samples),
  }));

  const judgeTrust = options.dimensions.map((dimension): JudgeTrust => {
    const pairs = crossUnits(byItem, (row) => [row.likert[dimension]])
      .filter((unit): unit is [number, number] => typeof unit[0] === "number" && typeof unit[1] === "number")
      .map(([human, judge]) => [judge, human] as RatingPair);
    return { dimension, pairs: pairs.length, kappa: quadraticWeightedKappa(pairs), meanAbsoluteDifference: meanAbsoluteDifference(pairs) };
  });

  const confusion = new Map<string, number>();
  for (const [human, judge] of crossUnits(byItem, (row) => hazards.map((hazard) => row.hazards[hazard]))) {
    if (typeof human !== "string" || typeof judge !== "string") continue;
    const key = `${judge}|${human}`;
    confusion.set(key, (confusion.get(key) ?? 0) + 1);
  }
  const hazardConfusion = [...confusion.entries()].map(([key, count]) => {
    const [judge, human] = key.split("|") as [string, string];
    return { judge, human, count };
  }).sort((a, b) => a.judge.localeCompare(b.judge) || a.human.localeCompare(b.human));

  const bucket = (score: number) => Math.min(5, Math.max(1, Math.round(score))) - 1;
  const distributions = options.dimensions.map((dimension): ScoreDistribution => {
    const human = [0, 0, 0, 0, 0];
    const judge = [0, 0, 0, 0, 0];
    for (const row of rows) {
      const score = row.likert[dimension];
      if (score === undefined) continue;
      if (JUDGE_TYPES.has(row.raterType)) judge[bucket(score)]! += 1;
      else human[bucket(score)]! += 1;
    }
    return { dimension, human, judge };
  });
  const judgeHumanGrids = options.dimensions.map((dimension): JudgeHumanGrid => {
    const counts = Array.from({ length: 5 }, () => [0, 0, 0, 0, 0]);
    for (const [human, judge] of crossUnits(byItem, (row) => [row.likert[dimension]])) {
      if (typeof human === "number" && typeof judge === "number") counts[bucket(judge)]![bucket(human)]! += 1;
    }
    return { dimension, counts };
  });

  return { likertLevel: level, ratings: rows.length, items: byItem.size, distributions, judgeHumanGrids, likert, nominal, judgeTrust, hazardConfusion };
}
