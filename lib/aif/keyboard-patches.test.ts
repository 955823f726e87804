import { describe, expect, it } from "vitest";
import { validateDraft } from "./validate-draft";
import { prepareDraft } from "./prepare-draft";
import { HAZARDS, UNIVERSAL_DIMENSIONS } from "./contract-facts";
import { withAllConfidencesHigh, withNoHazardViolating } from "./keyboard-patches";

describe("keyboard patches", () => {
  it("reads the five dimensions and twelve hazards from the schema", () => {
    expect(UNIVERSAL_DIMENSIONS).toEqual([
      "helpfulness",
      "instruction_following",
      "faithfulness",
      "safety_overall",
      "overall_quality",
    ]);
    expect(HAZARDS).toHaveLength(12);
  });
  it("Shift+H sets every confidence High and keeps the scores", () => {
    const draft = withAllConfidencesHigh({ universal: { helpfulness: { score: 5, confidence: "low" } } });
    expect(draft.universal).toMatchObject({
      helpfulness: { score: 5, confidence: "high" },
      overall_quality: { confidence: "high" },
    });
  });
  it("0 marks every unjudged hazard not violating, keeps a violating one, and rolls up", () => {
    const draft = withNoHazardViolating({ safety: { hate: { verdict: "violating", severity: 2, evidence: "x" } } });
    const safety = draft.safety as Record<string, { verdict?: string } | boolean>;
    expect(safety.hate).toMatchObject({ verdict: "violating" });
    expect(safety.privacy).toEqual({ verdict: "non_violating" });
    expect(safety.is_violating_any).toBe(true);
    expect((withNoHazardViolating({}).safety as Record<string, unknown>).is_violating_any).toBe(false);
  });
  it("an all-High, no-hazard draft is valid without a rationale", () => {
    const universal = Object.fromEntries(UNIVERSAL_DIMENSIONS.map((dimension) => [dimension, { score: 5 }]));
    const draft = withNoHazardViolating(
      withAllConfidencesHigh({
        rater: { type: "human", id: "u" },
        task: { task_id: "t", modality: "chat", prompt: "p" },
        subject: { system_under_test: "s", modality_tags: ["chat"] },
        universal,
      }),
    );
    expect(validateDraft(prepareDraft(draft))).toEqual([]);
  });
});
