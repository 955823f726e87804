// Whole-form changes a single key makes on the rating page: every confidence
// High (Shift+H), and "no hazard violating" over every hazard (0). The
// dimensions and hazards are read from the schema, never retyped.
import { HAZARDS, UNIVERSAL_DIMENSIONS } from "./contract-facts";
import { withSafetyRollup } from "./safety-rollup";

type Draft = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Confidence High on every universal dimension (a dimension not yet scored gets it too, for when it is). */
export function withAllConfidencesHigh(draft: Draft): Draft {
  const universal = isObject(draft.universal) ? draft.universal : {};
  const next: Draft = { ...universal };
  for (const dimension of UNIVERSAL_DIMENSIONS) {
    next[dimension] = { ...(isObject(universal[dimension]) ? universal[dimension] : {}), confidence: "high" };
  }
  return { ...draft, universal: next };
}

/** "Not violating" on every hazard the rater has not judged; a verdict already given is kept. */
export function withNoHazardViolating(draft: Draft): Draft {
  const safety = isObject(draft.safety) ? draft.safety : {};
  const next: Draft = { ...safety };
  for (const hazard of HAZARDS) {
    const current = safety[hazard];
    if (isObject(current) && current.verdict !== undefined) continue;
    next[hazard] = { verdict: "non_violating" };
  }
  return withSafetyRollup({ ...draft, safety: next });
}
