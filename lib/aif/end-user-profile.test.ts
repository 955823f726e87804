// A share-link visitor's light profile: scores alone make a valid record, which
// still passes the verbatim AIF schema; every other rater still owes rationales.
import { describe, expect, it } from "vitest";
import { isRationaleRequiredOf } from "./end-user-profile";
import { chatDraft } from "./sample-drafts";
import { completeRecord } from "./server-fields";
import type { AifDraft } from "./types";
import { validateAgainstContract, validateRecord } from "./validate";

const ASSIGNED = { evalId: "6f1c2f2e-8d7a-4f4e-9a57-3f6f6f1b2c3d", createdAt: new Date("2026-12-02T01:00:00.000Z") };
const DIMENSIONS = ["helpfulness", "instruction_following", "faithfulness", "safety_overall", "overall_quality"];

// Scores only: low ones, no confidence, no rationale (one left blank).
function scoresOnly(raterType: AifDraft["rater"]["type"]): AifDraft {
  const { safety: _safety, chat: _chat, freeform: _freeform, ...draft } = chatDraft();
  const universal: Record<string, unknown> = Object.fromEntries(
    DIMENSIONS.map((name, index) => [name, { score: 1 + (index % 5) }]),
  );
  universal.faithfulness = { score: 2, rationale: "   " };
  return { ...draft, rater: { type: raterType, id: "visitor-1" }, universal };
}

describe("end-user (share-link) profile", () => {
  it("accepts a visitor's record with scores only, and it is valid against the verbatim AIF schema", () => {
    const record = completeRecord(scoresOnly("end_user"), ASSIGNED);
    expect(validateRecord(record)).toEqual([]);
    expect(validateAgainstContract(record)).toEqual([]);
  });

  it("still asks every other rater type for the rationales", () => {
    for (const type of ["human", "sme", "hybrid", "llm_judge"] as const) {
      const paths = validateRecord(completeRecord(scoresOnly(type), ASSIGNED)).map((issue) => issue.path);
      expect(paths, type).toContain("/universal/helpfulness/rationale");
      expect(paths, type).toContain("/universal/faithfulness/rationale");
    }
  });

  it("keeps the visitor's other rules: a score outside 1-5 is still refused", () => {
    const draft = scoresOnly("end_user");
    const record = completeRecord({ ...draft, universal: { ...draft.universal, helpfulness: { score: 7 } } }, ASSIGNED);
    expect(validateRecord(record).map((issue) => issue.path)).toEqual(["/universal/helpfulness/score"]);
  });

  it("tells the form a rationale is optional for a visitor only", () => {
    expect(isRationaleRequiredOf({ score: 2 }, "end_user")).toBe(false);
    expect(isRationaleRequiredOf({ score: 2 }, "human")).toBe(true);
    expect(isRationaleRequiredOf({ score: 5, confidence: "high" }, "human")).toBe(false);
  });
});
