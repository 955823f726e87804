// A Likert field the rater did not rate. The verbatim AIF schema requires all
// five universal dimensions and a 1–5 score in each, so a judge that gave only
// a pairwise preference (AlpacaEval, an Arena-Hard verdict) or one overall
// score (MT-Bench, WildBench, Inspect) cannot leave the others out. Such a
// field holds score 3 and confidence low, with `anchors_used` set to the
// marker below and a rationale saying why: valid against the schema, and read
// as "no score" by every statistic, status rule, consensus, lesson,
// calibration table and the Every Eval Ever export (through `scoreOf` and
// `ratedScoreSql`). README "Not rated" says the same for consumers.
import { isPlainObject } from "@/lib/is-plain-object";

/** The value of `anchors_used` that marks a Likert field as not rated. */
export const NOT_RATED_MARK = "evalform:not_rated";

/** The schema-valid stand-in for a field the source did not rate. */
export function notRatedLikert(why: string): { score: 3; confidence: "low"; anchors_used: string; rationale: string } {
  return { score: 3, confidence: "low", anchors_used: NOT_RATED_MARK, rationale: `Not rated: ${why}` };
}

export function isNotRated(likert: unknown): boolean {
  return isPlainObject(likert) && likert.anchors_used === NOT_RATED_MARK;
}

/**
 * SQL: the score text of the Likert object `likert` (a jsonb expression), NULL
 * when it is marked not rated — what every SQL reader of scores uses.
 */
export function ratedScoreSql(likert: string): string {
  return `(CASE WHEN ${likert} ->> 'anchors_used' IS DISTINCT FROM '${NOT_RATED_MARK}' THEN ${likert} ->> 'score' END)`;
}
