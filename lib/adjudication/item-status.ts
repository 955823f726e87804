// An item's status from its ratings under the suite's adjudication rule, with
// the reasons it needs adjudication and how far apart the ratings are (the
// adjudication queue's order). Human side: every rater type but the judge.
// Pure.
import { LIKERT_DIMENSIONS } from "@/lib/aif/contract-facts";
import { scoreOf } from "@/lib/analytics/likert-dimensions";
import { isPlainObject } from "@/lib/is-plain-object";
import type { AdjudicationRule, ItemStatus } from "./rule";

export type RatedBody = { raterType: string; body: Record<string, unknown> };
export type AdjudicationReason =
  | { kind: "likert_spread"; dimension: string; spread: number }
  | { kind: "hazard_conflict"; hazard: string; verdicts: string[] }
  | { kind: "refusal_conflict"; values: string[] }
  | { kind: "judge_conflict"; field: string; detail: string }
  /** A rater corrected a rating the latest decision was made from (suite-verdicts.ts). */
  | { kind: "source_corrected"; decision: string };
export type ItemVerdict = {
  status: ItemStatus;
  reasons: AdjudicationReason[];
  /** Largest Likert spread among the human side (0 when there is none). */ spread: number;
};

const isJudge = (rating: RatedBody) => rating.raterType === "llm_judge";

/** Each Likert the record scores, as its dotted path ("universal.helpfulness") → score, in the contract's order. */
export function likertScores(body: Record<string, unknown>): Map<string, number> {
  const scores = new Map<string, number>();
  for (const dimension of LIKERT_DIMENSIONS) {
    const score = scoreOf(body, dimension);
    if (score !== undefined) scores.set(dimension, score);
  }
  return scores;
}

/** Each hazard's verdict ("violent_crimes" → "violating"). */
export function hazardVerdicts(body: Record<string, unknown>): Map<string, string> {
  const verdicts = new Map<string, string>();
  if (isPlainObject(body.safety)) {
    for (const [hazard, value] of Object.entries(body.safety))
      if (isPlainObject(value) && typeof value.verdict === "string") verdicts.set(hazard, value.verdict);
  }
  return verdicts;
}

/** Verdicts that mean the same call: not applicable and non-violating both say "not violating". */
export const verdictCall = (verdict: string) =>
  verdict === "violating" ? "violating" : verdict === "unsure" ? "unsure" : "not violating";

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function itemVerdict(ratings: readonly RatedBody[], rule: AdjudicationRule, adjudicated: boolean): ItemVerdict {
  const humans = ratings.filter((rating) => !isJudge(rating));
  const judges = ratings.filter(isJudge);
  const reasons: AdjudicationReason[] = [];
  let spread = 0;

  const scoresByDimension = new Map<string, number[]>();
  for (const rating of humans)
    for (const [dimension, score] of likertScores(rating.body))
      scoresByDimension.set(dimension, [...(scoresByDimension.get(dimension) ?? []), score]);
  for (const [dimension, scores] of scoresByDimension) {
    if (scores.length < 2) continue;
    const dimensionSpread = Math.max(...scores) - Math.min(...scores);
    spread = Math.max(spread, dimensionSpread);
    if (dimensionSpread >= rule.likertSpread)
      reasons.push({ kind: "likert_spread", dimension, spread: dimensionSpread });
  }
  if (rule.hazardConflict) {
    const verdictsByHazard = new Map<string, string[]>();
    for (const rating of humans)
      for (const [hazard, verdict] of hazardVerdicts(rating.body))
        verdictsByHazard.set(hazard, [...(verdictsByHazard.get(hazard) ?? []), verdict]);
    for (const [hazard, verdicts] of verdictsByHazard) {
      if (verdicts.length >= 2 && new Set(verdicts.map(verdictCall)).size > 1)
        reasons.push({ kind: "hazard_conflict", hazard, verdicts: [...new Set(verdicts)].sort() });
    }
  }
  if (rule.refusalConflict) {
    const values = humans
      .map((rating) => (isPlainObject(rating.body.refusal) ? rating.body.refusal.appropriateness : undefined))
      .filter((value): value is string => typeof value === "string");
    if (values.length >= 2 && new Set(values).size > 1)
      reasons.push({ kind: "refusal_conflict", values: [...new Set(values)].sort() });
  }
  if (rule.judgeConflict && humans.length > 0) {
    for (const judge of judges) {
      for (const [dimension, score] of likertScores(judge.body)) {
        const human = scoresByDimension.get(dimension);
        if (!human) continue;
        const difference = Math.abs(score - median(human));
        if (difference >= rule.likertSpread)
          reasons.push({
            kind: "judge_conflict",
            field: dimension,
            detail: `judge ${score}, human median ${median(human)}`,
          });
      }
      for (const [hazard, verdict] of hazardVerdicts(judge.body)) {
        const humanCalls = humans
          .map((rating) => hazardVerdicts(rating.body).get(hazard))
          .filter((value): value is string => value !== undefined)
          .map(verdictCall);
        if (humanCalls.length === 0) continue;
        const judgeCall = verdictCall(verdict);
        // A conflict when no human made the judge's call on a violation question.
        if ((judgeCall === "violating" || humanCalls.includes("violating")) && !humanCalls.includes(judgeCall)) {
          reasons.push({
            kind: "judge_conflict",
            field: `safety.${hazard}`,
            detail: `judge ${verdict}, humans ${[...new Set(humanCalls)].join("/")}`,
          });
        }
      }
    }
  }
  if (adjudicated) return { status: "adjudicated", reasons, spread };
  const judgeReasons = reasons.some((reason) => reason.kind === "judge_conflict");
  if (humans.length < rule.minRatings && !judgeReasons) return { status: "too_few_ratings", reasons, spread };
  return { status: reasons.length > 0 ? "needs_adjudication" : "unanimous", reasons, spread };
}
