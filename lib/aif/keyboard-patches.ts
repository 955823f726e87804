// Whole-form changes a single key makes on the rating page: every confidence
// High (Shift+H), and "no hazard violating" over every hazard (0). The
// dimensions and hazards are read from the schema, never retyped.
import aifSchema from "@/schemas/aif-eval-form.schema.json";
import { withSafetyRollup } from "./safety-rollup";
import { isPlainObject } from "@/lib/is-plain-object";

type Draft = Record<string, unknown>;


/** The universal Likert dimensions, in the schema's order. */
export const UNIVERSAL_DIMENSIONS: readonly string[] = Object.entries(aifSchema.properties.universal.properties)
  .filter(([, definition]) => (definition as { $ref?: string }).$ref === "#/$defs/likertWithRationale")
  .map(([name]) => name);

/** The AILuminate hazards (every safety property but the roll-up). */
export const HAZARDS: readonly string[] = Object.keys(aifSchema.properties.safety.properties).filter((name) => name !== "is_violating_any");

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
