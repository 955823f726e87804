// Do raters know when they know? Each score's self-reported confidence against
// its error on gold items: the mean absolute error at each confidence level,
// per rater and overall, and a flag on raters whose "high" is no more accurate
// than their "low" (with enough ratings at both to say so). Pure.
import aifSchema from "@/schemas/aif-eval-form.schema.json";

const CONFIDENCE = aifSchema.$defs.likertWithRationale.properties.confidence;
/** low, medium, high: the contract's order. */
export const CONFIDENCE_LEVELS: readonly string[] = CONFIDENCE.enum;
/** What a score without a confidence means (the contract's default). */
export const DEFAULT_CONFIDENCE: string = CONFIDENCE.default;
/** Ratings needed at both high and low before a rater is flagged. */
export const MIN_RATINGS_PER_LEVEL = 3;

/** One scored dimension of one gold rating. */
export type ConfidentError = { rater: string; confidence: string | undefined; absoluteError: number };
export type ConfidenceLevel = { level: string; ratings: number; meanAbsoluteError: number | null };
export type RaterConfidence = { rater: string; levels: ConfidenceLevel[]; highNoBetterThanLow: boolean };
export type ConfidenceCalibration = { overall: ConfidenceLevel[]; raters: RaterConfidence[] };

function levelsOf(entries: readonly ConfidentError[]): ConfidenceLevel[] {
  return CONFIDENCE_LEVELS.map((level) => {
    const errors = entries
      .filter((entry) => (entry.confidence ?? DEFAULT_CONFIDENCE) === level)
      .map((entry) => entry.absoluteError);
    return {
      level,
      ratings: errors.length,
      meanAbsoluteError: errors.length === 0 ? null : errors.reduce((sum, error) => sum + error, 0) / errors.length,
    };
  });
}

export function confidenceCalibration(entries: readonly ConfidentError[]): ConfidenceCalibration {
  const byRater = new Map<string, ConfidentError[]>();
  for (const entry of entries) {
    const list = byRater.get(entry.rater);
    if (list) list.push(entry);
    else byRater.set(entry.rater, [entry]);
  }
  const raters = [...byRater].map(([rater, own]): RaterConfidence => {
    const levels = levelsOf(own);
    const high = levels.find((entry) => entry.level === "high")!;
    const low = levels.find((entry) => entry.level === "low")!;
    const enough = high.ratings >= MIN_RATINGS_PER_LEVEL && low.ratings >= MIN_RATINGS_PER_LEVEL;
    return { rater, levels, highNoBetterThanLow: enough && high.meanAbsoluteError! >= low.meanAbsoluteError! };
  });
  return { overall: levelsOf(entries), raters };
}
