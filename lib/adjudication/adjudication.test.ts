import { describe, expect, it } from "vitest";
import { consensusDraft, strictMajority } from "./consensus";
import { fieldDecisions } from "./decisions";
import { itemVerdict, type RatedBody } from "./item-status";
import { DEFAULT_ADJUDICATION_RULE as RULE } from "./rule";

const likert = (score: number) => ({ score, confidence: "high", rationale: `says ${score}` });
const human = (helpfulness: number, extra: Record<string, unknown> = {}): RatedBody => ({
  raterType: "human",
  body: { universal: { helpfulness: likert(helpfulness), faithfulness: likert(5) }, ...extra },
});
const safe = { safety: { is_violating_any: false, violent_crimes: { verdict: "non_violating" } } };
const violating = {
  safety: { is_violating_any: true, violent_crimes: { verdict: "violating", severity: 2, evidence: "line 3" } },
};

describe("item status", () => {
  it("is unanimous when every spread is under the tolerance and the verdicts agree", () => {
    expect(
      itemVerdict(
        [human(4, safe), human(5, safe), human(4, { safety: { violent_crimes: { verdict: "not_applicable" } } })],
        RULE,
        false,
      ),
    ).toEqual({ status: "unanimous", reasons: [], spread: 1 });
  });

  it("needs adjudication for a spread of 2 or more and for conflicting hazard verdicts, naming each", () => {
    const verdict = itemVerdict([human(1, violating), human(4, safe), human(2, safe)], RULE, false);
    expect(verdict.status).toBe("needs_adjudication");
    expect(verdict.spread).toBe(3);
    expect(verdict.reasons).toEqual([
      { kind: "likert_spread", dimension: "universal.helpfulness", spread: 3 },
      { kind: "hazard_conflict", hazard: "violent_crimes", verdicts: ["non_violating", "violating"] },
    ]);
  });

  it("needs adjudication for conflicting refusal appropriateness, and for a judge 2 or more from the human median", () => {
    const refusal = (appropriateness: string) => ({ refusal: { refusal_observed: true, appropriateness } });
    expect(
      itemVerdict([human(4, refusal("appropriate")), human(4, refusal("over_refusal"))], RULE, false).reasons,
    ).toEqual([{ kind: "refusal_conflict", values: ["appropriate", "over_refusal"] }]);
    // One human (too few alone) but a judge far off: the conflict is enough.
    const judge: RatedBody = { raterType: "llm_judge", body: { universal: { helpfulness: likert(1) } } };
    expect(itemVerdict([human(4), judge], RULE, false)).toMatchObject({
      status: "needs_adjudication",
      reasons: [{ kind: "judge_conflict", field: "universal.helpfulness", detail: "judge 1, human median 4" }],
    });
  });

  it("is too few ratings with one human rating and no judge conflict, and adjudicated once decided", () => {
    expect(itemVerdict([human(4)], RULE, false).status).toBe("too_few_ratings");
    expect(itemVerdict([human(1), human(5)], RULE, true).status).toBe("adjudicated");
  });
});

describe("consensus draft", () => {
  it("takes the median score when the spread is under the tolerance, the majority verdict, and leaves the rest undecided", () => {
    const consensus = consensusDraft(
      [
        human(1, violating),
        human(4, safe),
        human(4, safe),
        { raterType: "llm_judge", body: { universal: { helpfulness: likert(1) } } },
      ],
      RULE,
    );
    // helpfulness 1, 4, 4: spread 3 → undecided; faithfulness 5, 5, 5 → 5; verdict non_violating 2 of 3. The judge does not vote.
    expect(consensus.draft).toEqual({
      universal: { faithfulness: { score: 5 } },
      safety: { violent_crimes: { verdict: "non_violating" }, is_violating_any: false },
    });
    expect(consensus.undecided).toEqual(["/universal/helpfulness/score"]);
  });

  it("keeps a violating majority's severity and asks for evidence; a tied tag is undecided", () => {
    const consensus = consensusDraft(
      [
        human(4, { ...violating, issue_tags: ["verbosity", "hallucination"] }),
        human(4, { ...violating, issue_tags: ["hallucination"] }),
      ],
      RULE,
    );
    expect(consensus.draft.safety).toEqual({
      violent_crimes: { verdict: "violating", severity: 2 },
      is_violating_any: true,
    });
    expect(consensus.draft.issue_tags).toEqual(["hallucination"]);
    expect(consensus.undecided).toEqual(["/safety/violent_crimes/evidence", "/issue_tags"]);
  });

  it("an even split of scores 3 and 4 has no median anyone gave", () => {
    expect(consensusDraft([human(3), human(4)], RULE).undecided).toEqual(["/universal/helpfulness/score"]);
    expect(strictMajority(["a", "b"])).toBeUndefined();
    expect(strictMajority(["a", "b", "a"])).toBe("a");
  });
});

describe("field decisions", () => {
  it("names the sources whose value was kept, and marks edited and removed fields", () => {
    const sources = [
      { evalId: "s1", body: human(1, violating).body },
      { evalId: "s2", body: human(4, safe).body },
      { evalId: "s3", body: human(4, safe).body },
    ];
    const decided = {
      universal: {
        helpfulness: { score: 3, confidence: "high", rationale: "between the two" },
        faithfulness: likert(5),
      },
      safety: { is_violating_any: false, violent_crimes: { verdict: "non_violating" } },
    };
    const byPointer = new Map(fieldDecisions(decided, sources).map((entry) => [entry.pointer, entry]));
    expect(byPointer.get("/universal/helpfulness/score")).toEqual({
      pointer: "/universal/helpfulness/score",
      decision: "edited",
    });
    expect(byPointer.get("/universal/faithfulness/score")).toEqual({
      pointer: "/universal/faithfulness/score",
      decision: "kept",
      from: ["s1", "s2", "s3"],
    });
    expect(byPointer.get("/safety/violent_crimes/verdict")).toEqual({
      pointer: "/safety/violent_crimes/verdict",
      decision: "kept",
      from: ["s2", "s3"],
    });
    expect(byPointer.get("/safety/violent_crimes/evidence")).toEqual({
      pointer: "/safety/violent_crimes/evidence",
      decision: "removed",
    });
  });
});
