// The light profile of a share-link visitor (rater.type end_user): a score is
// enough. The verbatim schema's prose rule "a rationale is required when the
// score is 3 or lower or the confidence is not high" is kept for everyone else;
// a visitor's record without a rationale or a confidence is still valid
// against the verbatim AIF schema, which states that rule only in words.
import { isRationaleRequired } from "./contract";
import type { ValidationIssue } from "./types";

type RaterType = string | undefined;

export function isLightProfile(raterType: RaterType): boolean {
  return raterType === "end_user";
}

function raterTypeOf(record: unknown): RaterType {
  const rater = (record as { rater?: { type?: unknown } } | null)?.rater;
  return typeof rater?.type === "string" ? rater.type : undefined;
}

/** Is a rationale required of this rater for this likert value? */
export function isRationaleRequiredOf(likert: unknown, raterType: RaterType): boolean {
  return !isLightProfile(raterType) && isRationaleRequired(likert);
}

// A rationale a visitor left blank is "no rationale", not a broken one.
const isRationaleIssue = (issue: ValidationIssue) =>
  issue.rule === "rationaleRequired" || (issue.rule === "nonBlankText" && issue.path.endsWith("/rationale"));

/** The record's issues less those the rater's profile does not ask for. */
export function issuesForProfile(record: unknown, issues: ValidationIssue[]): ValidationIssue[] {
  return isLightProfile(raterTypeOf(record)) ? issues.filter((issue) => !isRationaleIssue(issue)) : issues;
}
