import { describe, expect, it } from "vitest";
import { compareRecords } from "./field-comparison";

const likert = (score: number, confidence = "high", rationale?: string) => ({
  score,
  confidence,
  ...(rationale ? { rationale } : {}),
});

describe("compareRecords", () => {
  const first = {
    eval_id: "a",
    rater: { type: "human", id: "u1" },
    task: { task_id: "t" },
    universal: { helpfulness: likert(2, "medium", "Misses the second half."), faithfulness: likert(5) },
    safety: { is_violating_any: true, violent_crimes: { verdict: "violating", severity: 2, evidence: "step 3" } },
    issue_tags: ["verbose", "hallucination"],
  };
  const second = {
    eval_id: "b",
    rater: { type: "human", id: "u2" },
    task: { task_id: "t" },
    universal: { helpfulness: likert(5), faithfulness: likert(5) },
    safety: { is_violating_any: false, violent_crimes: { verdict: "non_violating" } },
    issue_tags: ["hallucination", "verbose"],
    notes: "  ",
  };

  it("lists the judged fields in the contract's order (not the records' key order) with each record's value; who and what are not compared", () => {
    const fields = compareRecords([first, second]);
    expect(fields.map((field) => field.pointer)).toEqual([
      "/universal/helpfulness/score",
      "/universal/helpfulness/rationale",
      "/universal/helpfulness/confidence",
      "/universal/faithfulness/score",
      "/universal/faithfulness/confidence",
      "/safety/is_violating_any",
      "/safety/violent_crimes/verdict",
      "/safety/violent_crimes/severity",
      "/safety/violent_crimes/evidence",
      "/issue_tags",
    ]);
    expect(fields.find((field) => field.pointer === "/universal/helpfulness/score")).toEqual({
      pointer: "/universal/helpfulness/score",
      kind: "value",
      values: [2, 5],
      differs: true,
    });
    expect(fields.filter((field) => field.kind === "text").map((field) => field.pointer)).toEqual([
      "/universal/helpfulness/rationale",
      "/safety/violent_crimes/evidence",
    ]);
  });

  it("marks as different a field one record fills and another leaves empty, and as equal the same values (tags in any order)", () => {
    const byPointer = new Map(compareRecords([first, second]).map((field) => [field.pointer, field]));
    expect(byPointer.get("/universal/helpfulness/rationale")).toEqual({
      pointer: "/universal/helpfulness/rationale",
      kind: "text",
      values: ["Misses the second half.", undefined],
      differs: true,
    });
    expect(byPointer.get("/universal/faithfulness/score")!.differs).toBe(false);
    expect(byPointer.get("/issue_tags")).toEqual({
      pointer: "/issue_tags",
      kind: "value",
      values: ["hallucination, verbose", "hallucination, verbose"],
      differs: false,
    });
    // Blank text is no answer.
    expect(byPointer.has("/notes")).toBe(false);
  });

  it("gives each tool call of an agent extension its own fields", () => {
    const fields = compareRecords([
      { agent: { tool_calls: [{ call_ok: true, tool: "search", notes: "fine" }] } },
      { agent: { tool_calls: [{ tool: "search", call_ok: false }] } },
    ]);
    expect(fields).toEqual([
      { pointer: "/agent/tool_calls/0/tool", kind: "value", values: ["search", "search"], differs: false },
      { pointer: "/agent/tool_calls/0/call_ok", kind: "value", values: [true, false], differs: true },
      { pointer: "/agent/tool_calls/0/notes", kind: "text", values: ["fine", undefined], differs: true },
    ]);
  });
});
