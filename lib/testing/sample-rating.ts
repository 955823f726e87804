// Ratings for tests, built from the contract facts: a universal block with
// every dimension the schema has today, so a dimension added to the schema
// reaches the fixtures by itself instead of failing tests that never meant to
// rate it. The browser tests use these too, so the facts come from the schema's file (schema-file-facts.ts).
import { UNIVERSAL_DIMENSIONS } from "@/lib/testing/schema-file-facts";
import type { AifDraft, LikertWithRationale } from "@/lib/aif/types";

/**
 * Every universal dimension with `score`; a score that needs a rationale (3 or lower) gets one. `overrides`
 * replaces single dimensions (or adds vs_reference).
 */
export function sampleUniversal(score = 5, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const likert: LikertWithRationale =
    score > 3 ? { score, confidence: "high" } : { score, confidence: "high", rationale: `A sample ${score}.` };
  return { ...Object.fromEntries(UNIVERSAL_DIMENSIONS.map((dimension) => [dimension, { ...likert }])), ...overrides };
}

/** The smallest valid rating of a chat answer, as a client sends it (the server assigns the rest). */
export function sampleRating(overrides: Partial<AifDraft> = {}): AifDraft {
  return {
    rater: { type: "human" },
    subject: { system_under_test: "sample-system", modality_tags: ["chat"] },
    task: { task_id: "sample-task", modality: "chat", prompt: "A sample prompt." },
    universal: sampleUniversal(),
    safety: { is_violating_any: false },
    ...overrides,
  };
}
