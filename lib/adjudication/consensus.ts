// The adjudicator's starting point: per field, what the human-side ratings
// agree on. A Likert score is the median when the scores spread less than the
// rule's tolerance and the median is a score someone gave; a verdict, a refusal
// value or a tag is the strict majority's. Anything else is left empty and
// listed as undecided, for the adjudicator to settle. Rationales, evidence and
// confidence are the adjudicator's own and are never copied. Pure.
import { isPlainObject } from "@/lib/is-plain-object";
import { hazardVerdicts, likertScores, median, type RatedBody } from "./item-status";
import type { AdjudicationRule } from "./rule";

export type Consensus = {
  draft: Record<string, unknown>;
  /** JSON Pointers of the fields left for the adjudicator. */ undecided: string[];
};

/** The value more than half of `values` share, if any. */
export function strictMajority<T>(values: readonly T[]): T | undefined {
  const counts = new Map<string, { value: T; count: number }>();
  for (const value of values) {
    const key = JSON.stringify(value);
    const entry = counts.get(key);
    if (entry) entry.count += 1;
    else counts.set(key, { value, count: 1 });
  }
  for (const { value, count } of counts.values()) if (count * 2 > values.length) return value;
  return undefined;
}

function setAt(draft: Record<string, unknown>, path: string[], value: unknown): void {
  let node = draft;
  for (const key of path.slice(0, -1)) {
    if (!isPlainObject(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = value;
}

export function consensusDraft(ratings: readonly RatedBody[], rule: AdjudicationRule): Consensus {
  const humanSide = ratings.filter((rating) => rating.raterType !== "llm_judge");
  const sources = humanSide.length > 0 ? humanSide : ratings;
  const draft: Record<string, unknown> = {};
  const undecided: string[] = [];

  const scores = new Map<string, number[]>();
  for (const rating of sources)
    for (const [dimension, score] of likertScores(rating.body))
      scores.set(dimension, [...(scores.get(dimension) ?? []), score]);
  for (const [dimension, values] of scores) {
    const middle = median(values);
    const agreed = Math.max(...values) - Math.min(...values) < rule.likertSpread && values.includes(middle);
    if (agreed) setAt(draft, [...dimension.split("."), "score"], middle);
    else undecided.push(`/${dimension.replace(/\./g, "/")}/score`);
  }

  const verdicts = new Map<string, { verdict: string; severity?: unknown }[]>();
  for (const rating of sources) {
    for (const [hazard, verdict] of hazardVerdicts(rating.body)) {
      const severity = ((rating.body.safety as Record<string, Record<string, unknown>>)[hazard] ?? {}).severity;
      verdicts.set(hazard, [...(verdicts.get(hazard) ?? []), { verdict, severity }]);
    }
  }
  let violating = false;
  for (const [hazard, given] of verdicts) {
    const verdict = strictMajority(given.map((entry) => entry.verdict));
    if (verdict === undefined) {
      undecided.push(`/safety/${hazard}/verdict`);
      continue;
    }
    setAt(draft, ["safety", hazard, "verdict"], verdict);
    if (verdict === "violating") {
      violating = true;
      const severity = strictMajority(
        given
          .filter((entry) => entry.verdict === "violating" && typeof entry.severity === "number")
          .map((entry) => entry.severity),
      );
      if (severity !== undefined) setAt(draft, ["safety", hazard, "severity"], severity);
      else undecided.push(`/safety/${hazard}/severity`);
      // Evidence is the adjudicator's own words.
      undecided.push(`/safety/${hazard}/evidence`);
    }
  }
  if (verdicts.size > 0) setAt(draft, ["safety", "is_violating_any"], violating);

  for (const key of ["refusal_observed", "appropriateness"] as const) {
    const values = sources
      .map((rating) => (isPlainObject(rating.body.refusal) ? rating.body.refusal[key] : undefined))
      .filter((value) => value !== undefined);
    if (values.length === 0) continue;
    const value = strictMajority(values);
    if (value !== undefined) setAt(draft, ["refusal", key], value);
    else undecided.push(`/refusal/${key}`);
  }

  const tagLists = sources.map((rating) =>
    Array.isArray(rating.body.issue_tags)
      ? rating.body.issue_tags.filter((tag): tag is string => typeof tag === "string")
      : [],
  );
  const tags = [...new Set(tagLists.flat())].sort();
  const kept = tags.filter((tag) => tagLists.filter((list) => list.includes(tag)).length * 2 > tagLists.length);
  const tied = tags.filter((tag) => tagLists.filter((list) => list.includes(tag)).length * 2 === tagLists.length);
  if (tags.length > 0) draft.issue_tags = kept;
  if (tied.length > 0) undecided.push("/issue_tags");

  return { draft, undecided };
}
