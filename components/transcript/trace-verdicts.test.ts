import { describe, expect, it } from "vitest";
import { toolCallVerdicts, withToolCallVerdict } from "@/lib/aif/tool-call-verdicts";
import { ratingShortcuts } from "@/components/rating/rating-shortcuts";
import { stepChangeOf } from "./step-verdict-keys";
import { attachTraceForm, changeVerdict, publishVerdicts, verdictAt } from "./trace-verdicts";

describe("the steps' verdicts bridge", () => {
  it("changes go through the form's data and come back from it: one source of state", () => {
    // A stand-in for the form: its data, patched by the bridge's writer and published after each change.
    let data: Record<string, unknown> = { agent: { tool_calls: [{ tool: "search" }, { tool: "book" }] } };
    const detach = attachTraceForm(toolCallVerdicts(data), (index, tool, change) => {
      data = withToolCallVerdict(data, index, tool, change);
      publishVerdicts(toolCallVerdicts(data));
    });
    expect(verdictAt(1)).toEqual({});
    expect(changeVerdict(1, "book", "wrong_arguments")).toBe(true);
    expect(verdictAt(1)).toEqual({ params_ok: false });
    expect((data.agent as { tool_calls: unknown[] }).tool_calls[1]).toEqual({ tool: "book", params_ok: false });
    // The form's table changed the row: the step shows it.
    data = {
      agent: {
        tool_calls: [
          { tool: "search", redundant: true },
          { tool: "book", params_ok: false },
        ],
      },
    };
    const before = verdictAt(1);
    publishVerdicts(toolCallVerdicts(data));
    expect(verdictAt(0)).toEqual({ redundant: true });
    expect(verdictAt(1)).toBe(before); // unchanged rows keep their object (no re-render)
    detach();
    expect(changeVerdict(0, "search", "ok")).toBe(false);
    expect(verdictAt(0)).toBeUndefined();
  });
});

describe("the step keys", () => {
  it("map 1 – 4 and Delete/Backspace to the AIF verdicts, nothing else", () => {
    expect(["1", "2", "3", "4", "Delete", "Backspace", "5", "0", "r"].map(stepChangeOf)).toEqual([
      "ok",
      "wrong_tool",
      "wrong_arguments",
      "redundant",
      "clear",
      "clear",
      null,
      null,
      null,
    ]);
  });

  it("are listed in the ? dialog only for an agent run", () => {
    const trace = ratingShortcuts({ trace: true }).map((row) => row.keys);
    const plain = ratingShortcuts({ trace: false }).map((row) => row.keys);
    expect(trace).toEqual(expect.arrayContaining(["t", "] / [ (on a step)", "1 – 4 (on a step)", "Del (on a step)"]));
    expect(plain.filter((keys) => keys.includes("step") || keys === "t")).toEqual([]);
    expect(trace.length).toBe(plain.length + 4);
  });
});
