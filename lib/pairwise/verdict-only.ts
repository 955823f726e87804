// A "verdict and reason only" pairwise suite: the rater gives the verdict and
// why, and may score the rubric or not. The verbatim AIF schema still requires
// all five universal dimensions in each of the pair's two records, so each one
// left out is stored as lib/aif/not-rated.ts's placeholder: schema-valid, and
// read as no score by every statistic. A dimension the rater did score is kept
// as given (and checked by the contract as any score is).
import { notRatedLikert } from "@/lib/aif/not-rated";
import { UNIVERSAL_DIMENSIONS } from "@/lib/aif/contract-facts";

export const VERDICT_ONLY_NOT_RATED_WHY =
  "this pairwise suite asks for a verdict and its reason; the rater did not score this dimension";

/** The universal section with every dimension the rater left out marked not rated. */
export function fillNotRated(universal: Record<string, unknown>): Record<string, unknown> {
  const filled = { ...universal };
  for (const dimension of UNIVERSAL_DIMENSIONS)
    if (filled[dimension] === undefined) filled[dimension] = notRatedLikert(VERDICT_ONLY_NOT_RATED_WHY);
  return filled;
}
