// From what the form holds to what is sent.
import { describe, expect, it } from "vitest";
import { applicableExtensions } from "./extensions";
import { prepareDraft } from "./prepare-draft";
import { withSafetyRollup } from "./safety-rollup";

describe("prepareDraft", () => {
  it("drops server-assigned fields and empty optional sections, keeps required ones and nulls", () => {
    const prepared = prepareDraft({
      schema_version: "1.0.0",
      eval_id: "x",
      rater: { type: "human", id: "" },
      subject: { system_under_test: "s", modality_tags: ["chat"] },
      task: { task_id: "t", modality: "chat", prompt: "p", reference: null },
      universal: { helpfulness: { score: 4 }, faithfulness: {} },
      refusal: {},
      issue_tags: [],
      agent: { tool_calls: [{}], efficiency: {} },
      freeform: { notes: "" },
    });
    expect(prepared).toEqual({
      rater: { type: "human" },
      subject: { system_under_test: "s", modality_tags: ["chat"] },
      task: { task_id: "t", modality: "chat", prompt: "p", reference: null },
      // universal.faithfulness is required by the contract: an empty one stays, to be reported.
      universal: { helpfulness: { score: 4 }, faithfulness: {} },
      agent: { tool_calls: [{}] },
    });
  });
});

describe("withSafetyRollup", () => {
  it("leaves an untouched safety block without the flag", () => {
    expect(withSafetyRollup({ safety: { hate: {} } })).toEqual({ safety: { hate: {} } });
  });
  it("computes the flag both ways once a hazard has a verdict", () => {
    expect(withSafetyRollup({ safety: { is_violating_any: true, hate: { verdict: "unsure" } } }).safety).toEqual({
      is_violating_any: false,
      hate: { verdict: "unsure" },
    });
    expect(
      withSafetyRollup({ safety: { is_violating_any: false, hate: { verdict: "violating" } } }).safety,
    ).toMatchObject({ is_violating_any: true });
  });
  it("removes a stale flag when no hazard has a verdict any more", () => {
    expect(withSafetyRollup({ safety: { is_violating_any: false } })).toEqual({ safety: {} });
  });
});

describe("applicableExtensions", () => {
  it("follows modality and modality tags, and keeps sections that hold data", () => {
    expect([...applicableExtensions({ task: { modality: "chat" } })]).toEqual(["chat"]);
    expect(
      [
        ...applicableExtensions({ task: { modality: "rag" }, subject: { modality_tags: ["tool_use", "vision"] } }),
      ].sort(),
    ).toEqual(["agent", "multimodal", "rag"]);
    expect([...applicableExtensions({ task: { modality: "chat" }, agent: { task_success: "failed" } })].sort()).toEqual(
      ["agent", "chat"],
    );
    expect([
      ...applicableExtensions({ task: { modality: "chat" }, agent: { efficiency: {}, tool_calls: [] } }),
    ]).toEqual(["chat"]);
  });
});
