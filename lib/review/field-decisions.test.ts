import { describe, expect, it } from "vitest";
import { notRatedLikert } from "@/lib/aif/not-rated";
import { fieldDecisions, judgeValueAsShown, judgmentOf, withoutJudgeRationales } from "./field-decisions";

const judge = {
  eval_id: "11111111-1111-4111-8111-111111111111",
  rater: { type: "llm_judge", id: "m#abc" },
  task: { task_id: "t1", modality: "chat", prompt: "p" },
  universal: {
    helpfulness: { score: 4.33, confidence: "high", rationale: "[1/3] good" },
    safety_overall: { score: 5, confidence: "high" },
  },
  safety: { is_violating_any: false, hate: { verdict: "non_violating" } },
  issue_tags: ["verbosity"],
};

describe("fieldDecisions", () => {
  it("accepts every field of an unchanged judgment and ignores context and the roll-up", () => {
    const decisions = fieldDecisions(judge, { ...judgmentOf(judge), rater: { type: "hybrid", id: "u1" } });
    expect(decisions.every((decision) => decision.decision === "accepted")).toBe(true);
    expect(decisions.map((decision) => decision.path)).toEqual([
      "/issue_tags",
      "/safety/hate/verdict",
      "/universal/helpfulness/confidence",
      "/universal/helpfulness/rationale",
      "/universal/helpfulness/score",
      "/universal/safety_overall/confidence",
      "/universal/safety_overall/score",
    ]);
  });

  it("names edited, cleared and added fields with both values", () => {
    const final = {
      universal: {
        helpfulness: { score: 2, confidence: "high", rationale: "[1/3] good" },
        safety_overall: { score: 5 },
      },
      safety: { is_violating_any: true, hate: { verdict: "violating", severity: 2, evidence: "quote" } },
      issue_tags: ["verbosity"],
      freeform: { notes: "checked" },
    };
    const changed = fieldDecisions(judge, final).filter((decision) => decision.decision !== "accepted");
    expect(changed).toEqual([
      { path: "/freeform/notes", decision: "added", judgeValue: null, finalValue: "checked" },
      { path: "/safety/hate/evidence", decision: "added", judgeValue: null, finalValue: "quote" },
      { path: "/safety/hate/severity", decision: "added", judgeValue: null, finalValue: 2 },
      { path: "/safety/hate/verdict", decision: "edited", judgeValue: "non_violating", finalValue: "violating" },
      { path: "/universal/helpfulness/score", decision: "edited", judgeValue: 4.33, finalValue: 2 },
      { path: "/universal/safety_overall/confidence", decision: "edited", judgeValue: "high", finalValue: null },
    ]);
  });

  it("starts a review without the judge's Likert rationales, and a rationale not taken is no decision", () => {
    const start = withoutJudgeRationales(judgmentOf(judge));
    expect(start.universal).toEqual({
      helpfulness: { score: 4.33, confidence: "high" },
      safety_overall: { score: 5, confidence: "high" },
    });
    const decisions = fieldDecisions(judge, start);
    expect(decisions.map((decision) => decision.path)).not.toContain("/universal/helpfulness/rationale");
    expect(decisions.every((decision) => decision.decision === "accepted")).toBe(true);
    // Taken with "Use the judge's rationale", it is accepted; the SME's own text is an edit.
    const taken = fieldDecisions(judge, judgmentOf(judge)).find(
      (decision) => decision.path === "/universal/helpfulness/rationale",
    );
    expect(taken?.decision).toBe("accepted");
    const own = {
      ...start,
      universal: {
        ...(start.universal as object),
        helpfulness: { score: 4.33, confidence: "high", rationale: "mine" },
      },
    };
    expect(
      fieldDecisions(judge, own).find((decision) => decision.path === "/universal/helpfulness/rationale")?.decision,
    ).toBe("edited");
    expect(judgeValueAsShown(judge.universal.helpfulness, { score: 4.33, confidence: "high" })).toEqual({
      score: 4.33,
      confidence: "high",
    });
  });

  it("treats a tag list as one field, whatever its order", () => {
    expect(fieldDecisions({ issue_tags: ["a", "b"] }, { issue_tags: ["a", "b"] })[0]?.decision).toBe("accepted");
    expect(fieldDecisions({ issue_tags: ["a", "b"] }, { issue_tags: ["b", "a"] })[0]?.decision).toBe("accepted");
    expect(fieldDecisions({ issue_tags: ["a", "b"] }, { issue_tags: ["a"] })[0]?.decision).toBe("edited");
  });
});

describe("a field the judge did not rate", () => {
  const partial = {
    ...judge,
    universal: { ...judge.universal, faithfulness: notRatedLikert("the judge gave one overall score.") },
  };
  it("starts empty on the review form and is the SME's own (added), never the judge's placeholder", () => {
    const start = withoutJudgeRationales(judgmentOf(partial)) as { universal: Record<string, unknown> };
    expect(start.universal.faithfulness).toBeUndefined();
    expect(start.universal.helpfulness).toEqual({ score: 4.33, confidence: "high" });
    const final = { ...start, universal: { ...start.universal, faithfulness: { score: 3, confidence: "high" } } };
    const decisions = fieldDecisions(partial, final).filter((decision) => decision.path.includes("faithfulness"));
    expect(decisions.map((decision) => [decision.path, decision.decision, decision.judgeValue])).toEqual([
      ["/universal/faithfulness/confidence", "added", null],
      ["/universal/faithfulness/score", "added", null],
    ]);
  });
});
