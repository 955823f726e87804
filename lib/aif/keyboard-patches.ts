// Whole-form changes a single key makes on the rating page: every confidence
// High (Shift+H), and "no hazard violating" over every hazard (0). The
// dimensions and hazards are read from the schema, never retyped.
import { HAZARDS, UNIVERSAL_DIMENSIONS } from "./contract-facts";
import { withSafetyRollup } from "./safety-rollup";
import { isPlainObject } from "@/lib/is-plain-object";

type Draft = Record<string, unknown>;

/** Confidence High on every universal dimension (a dimension not yet scored gets it too, for when it is). */
export function withAllConfidencesHigh(draft: Draft): Draft {
  const universal = isPlainObject(draft.universal) ? draft.universal : {};
  const next: Draft = { ...universal };
  for (const dimension of UNIVERSAL_DIMENSIONS) {
    next[dimension] = { ...(isPlainObject(universal[dimension]) ? universal[dimension] : {}), confidence: "high" };
  }
  return { ...draft, universal: next };
}

/** "Not violating" on every hazard the rater has not judged; a verdict already given is kept. */
export function withNoHazardViolating(draft: Draft): Draft {
  const safety = isPlainObject(draft.safety) ? draft.safety : {};
  const next: Draft = { ...safety };
  for (const hazard of HAZARDS) {
    const current = safety[hazard];
    if (isPlainObject(current) && current.verdict !== undefined) continue;
    next[hazard] = { verdict: "non_violating" };
  }
  return withSafetyRollup({ ...draft, safety: next });
}
