import { describe, expect, it } from "vitest";
import { hasFlaw, isAllGood, isJudged, toolCallVerdicts, withToolCallVerdict } from "./tool-call-verdicts";

const draft = {
  universal: { helpfulness: { score: 4 } },
  agent: { tool_calls: [{ tool: "search" }, { tool: "book", notes: "kept" }] },
};

describe("withToolCallVerdict", () => {
  it("ok sets the three AIF fields to their good values and keeps the row's notes and the rest of the draft", () => {
    const next = withToolCallVerdict(draft, 1, "book", "ok");
    expect(next.agent).toEqual({
      tool_calls: [
        { tool: "search" },
        { tool: "book", notes: "kept", call_ok: true, params_ok: true, redundant: false },
      ],
    });
    expect(next.universal).toBe(draft.universal);
    expect(draft.agent.tool_calls[1]).toEqual({ tool: "book", notes: "kept" });
  });

  it("a flaw sets its field's bad value and leaves the others as judged; pressed again it is undone", () => {
    const ok = withToolCallVerdict(draft, 0, "search", "ok");
    const wrong = withToolCallVerdict(ok, 0, "search", "wrong_arguments");
    expect(toolCallVerdicts(wrong)[0]).toEqual({ call_ok: true, params_ok: false, redundant: false });
    const both = withToolCallVerdict(wrong, 0, "search", "redundant");
    expect(toolCallVerdicts(both)[0]).toEqual({ call_ok: true, params_ok: false, redundant: true });
    expect(toolCallVerdicts(withToolCallVerdict(both, 0, "search", "redundant"))[0]).toEqual({
      call_ok: true,
      params_ok: false,
      redundant: false,
    });
    const failed = withToolCallVerdict(draft, 0, "search", "wrong_tool");
    expect(toolCallVerdicts(failed)[0]).toEqual({ call_ok: false });
    expect(hasFlaw(toolCallVerdicts(failed)[0], "wrong_tool")).toBe(true);
  });

  it("clear leaves the call not judged (the fields out of the record)", () => {
    const cleared = withToolCallVerdict(withToolCallVerdict(draft, 1, "book", "ok"), 1, "book", "clear");
    expect((cleared.agent as { tool_calls: unknown[] }).tool_calls[1]).toEqual({ tool: "book", notes: "kept" });
    expect(isJudged(toolCallVerdicts(cleared)[1])).toBe(false);
  });

  it("a call beyond the form's rows gets its row, named by the call's tool", () => {
    const next = withToolCallVerdict({}, 2, "get_price", "ok");
    expect((next.agent as { tool_calls: unknown[] }).tool_calls).toEqual([
      {},
      {},
      { tool: "get_price", call_ok: true, params_ok: true, redundant: false },
    ]);
    expect(isAllGood(toolCallVerdicts(next)[2])).toBe(true);
  });

  it("rows made before that call carry their calls' tool names, so the table stays valid", () => {
    const next = withToolCallVerdict({}, 2, "get_price", "redundant", ["search", "book", "get_price"]);
    expect((next.agent as { tool_calls: unknown[] }).tool_calls).toEqual([
      { tool: "search" },
      { tool: "book" },
      { tool: "get_price", redundant: true },
    ]);
  });
});
