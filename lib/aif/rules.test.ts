// The companion rules, both sides of every boundary, through the same
// validator the browser and the server use.
import { describe, expect, it } from "vitest";
import { agentDraft, chatDraft, judgeDraft } from "./sample-drafts";
import { completeRecord } from "./server-fields";
import type { AifDraft, ValidationIssue } from "./types";
import { validateAgainstContract, validateRecord } from "./validate";

const ASSIGNED = { evalId: "6f1c2f2e-8d7a-4f4e-9a57-3f6f6f1b2c3d", createdAt: new Date("2026-11-21T10:00:00.000Z") };
const record = (draft: AifDraft) => completeRecord(draft, ASSIGNED);
const issuesAt = (issues: ValidationIssue[], path: string) => issues.filter((issue) => issue.path === path);

function withHelpfulness(likert: Record<string, unknown>): AifDraft {
  const draft = chatDraft();
  return { ...draft, universal: { ...draft.universal, helpfulness: likert } };
}

describe("samples", () => {
  it.each([
    ["chat", chatDraft()],
    ["agent", agentDraft()],
    ["judge (fractional scores)", judgeDraft()],
  ])("%s sample is valid", (_name, draft) => {
    expect(validateRecord(record(draft))).toEqual([]);
  });
});

describe("rationale required when score <= 3 or confidence is not high", () => {
  const RATIONALE = "/universal/helpfulness/rationale";
  it.each([
    // [score, confidence, rationale, required?]
    [4, "high", undefined, false],
    [5, "high", undefined, false],
    [3.5, "high", undefined, false],
    [3, "high", undefined, true],
    [1, "high", undefined, true],
    [4, "medium", undefined, true],
    [4, "low", undefined, true],
    [4, undefined, undefined, true], // absent confidence counts as the default "medium"
    [5, undefined, undefined, true],
  ])("score %s, confidence %s, no rationale → required: %s", (score, confidence, _rationale, required) => {
    const likert: Record<string, unknown> = { score };
    if (confidence !== undefined) likert.confidence = confidence;
    const issues = issuesAt(validateRecord(record(withHelpfulness(likert))), RATIONALE);
    if (required) {
      expect(issues).toEqual([
        { path: RATIONALE, rule: "rationaleRequired", message: expect.stringContaining("rationale is required") },
      ]);
    } else {
      expect(issues).toEqual([]);
    }
  });

  it.each([
    [3, "high"],
    [4, "medium"],
    [4, undefined],
  ])("score %s, confidence %s with a rationale → valid", (score, confidence) => {
    const likert: Record<string, unknown> = { score, rationale: "Because." };
    if (confidence !== undefined) likert.confidence = confidence;
    expect(validateRecord(record(withHelpfulness(likert)))).toEqual([]);
  });

  it("an empty or blank rationale does not count", () => {
    for (const rationale of ["", "   \n"]) {
      const issues = issuesAt(
        validateRecord(record(withHelpfulness({ score: 2, confidence: "high", rationale }))),
        RATIONALE,
      );
      expect(issues.map((issue) => issue.rule)).toContain("nonBlankText");
    }
  });

  it("applies in every extension too", () => {
    const draft = agentDraft();
    const agent = draft.agent as Record<string, unknown>;
    const broken = { ...draft, agent: { ...agent, error_recovery: { score: 2 } } };
    expect(issuesAt(validateRecord(record(broken)), "/agent/error_recovery/rationale")).toHaveLength(1);
    const image = { ...judgeDraft(), multimodal: { image_specific: { fidelity: { score: 5 } } } };
    expect(issuesAt(validateRecord(record(image)), "/multimodal/image_specific/fidelity/rationale")).toHaveLength(1);
  });

  it("the verbatim contract alone does not enforce it (the rule lives only in the companion)", () => {
    expect(validateAgainstContract(record(withHelpfulness({ score: 1 })))).toEqual([]);
  });
});

describe("a violating hazard needs severity and evidence", () => {
  const withPrivacy = (hazard: Record<string, unknown>, isViolatingAny: boolean) =>
    record({ ...chatDraft(), safety: { is_violating_any: isViolatingAny, privacy: hazard } });

  it.each([
    [{ verdict: "violating", severity: 2, evidence: "quoted SSN" }, []],
    [{ verdict: "violating", evidence: "quoted SSN" }, ["/safety/privacy/severity"]],
    [{ verdict: "violating", severity: null, evidence: "quoted SSN" }, ["/safety/privacy/severity"]],
    [{ verdict: "violating", severity: 2 }, ["/safety/privacy/evidence"]],
    [{ verdict: "violating", severity: 2, evidence: " " }, ["/safety/privacy/evidence"]],
    [{ verdict: "violating" }, ["/safety/privacy/severity", "/safety/privacy/evidence"]],
  ])("%j → issues at %j", (hazard, paths) => {
    const issues = validateRecord(withPrivacy(hazard, true));
    expect(issues.map((issue) => issue.path).sort()).toEqual([...paths].sort());
    for (const issue of issues) expect(issue.rule).toMatch(/violatingHazardNeedsDetail|nonBlankText/);
  });

  it.each(["non_violating", "not_applicable", "unsure"])("verdict %s needs neither", (verdict) => {
    expect(validateRecord(withPrivacy({ verdict }, false))).toEqual([]);
  });
});

describe("is_violating_any is the roll-up of the hazards", () => {
  const safetyRecord = (safety: Record<string, unknown>) => record({ ...chatDraft(), safety });
  const violating = { verdict: "violating", severity: 3, evidence: "step-by-step synthesis route" };
  const ROLLUP = "/safety/is_violating_any";

  it("true with a violating hazard: valid", () => {
    expect(validateRecord(safetyRecord({ is_violating_any: true, indiscriminate_weapons: violating }))).toEqual([]);
  });
  it("false with a violating hazard: invalid", () => {
    const issues = validateRecord(safetyRecord({ is_violating_any: false, indiscriminate_weapons: violating }));
    expect(issues).toEqual([{ path: ROLLUP, rule: "isViolatingAnyRollup", message: expect.any(String) }]);
  });
  it("true without a violating hazard: invalid", () => {
    const issues = validateRecord(safetyRecord({ is_violating_any: true, hate: { verdict: "unsure" } }));
    expect(issues).toEqual([{ path: ROLLUP, rule: "isViolatingAnyRollup", message: expect.any(String) }]);
  });
  it("false without a violating hazard: valid", () => {
    expect(validateRecord(safetyRecord({ is_violating_any: false, hate: { verdict: "non_violating" } }))).toEqual([]);
  });
  it("absent while the safety block is present: invalid", () => {
    const issues = validateRecord(safetyRecord({ hate: { verdict: "non_violating" } }));
    expect(issues).toEqual([{ path: ROLLUP, rule: "isViolatingAnyRollup", message: expect.any(String) }]);
  });
  it("no safety block: nothing to roll up", () => {
    const { safety: _dropped, ...draft } = chatDraft();
    expect(validateRecord(record(draft as AifDraft))).toEqual([]);
  });
});

describe("contract errors are reported at the field with the keyword as rule", () => {
  it("missing required, out of range, unknown field, bad enum", () => {
    const draft = chatDraft();
    const broken = {
      ...draft,
      universal: { ...draft.universal, helpfulness: { score: 7, confidence: "high" } },
      task: { ...draft.task, modality: "video" },
      subject: { system_under_test: "x", modality_tags: ["chat"], colour: "blue" },
    };
    delete (broken.universal as Record<string, unknown>).overall_quality;
    const issues = validateRecord(record(broken as unknown as AifDraft));
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: "/universal/helpfulness/score", rule: "maximum", message: "must be <= 5" },
        { path: "/universal/overall_quality", rule: "required", message: "overall quality is required" },
        { path: "/subject/colour", rule: "additionalProperties", message: "is not a known field" },
        { path: "/task/modality", rule: "enum", message: expect.stringContaining('"agent"') },
      ]),
    );
  });
});
