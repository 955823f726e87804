import { describe, expect, it } from "vitest";
import type { TranscriptMessage } from "@/lib/items/types";
import { looksLikeError, planTrace } from "./trace-steps";

const call = (id: string | undefined, name: string) => ({ ...(id ? { id } : {}), name, arguments: { q: name } });
const assistant = (...calls: ReturnType<typeof call>[]): TranscriptMessage => ({
  role: "assistant",
  content: [],
  tool_calls: calls,
});
const tool = (text: string, id?: string): TranscriptMessage => ({
  role: "tool",
  content: [{ type: "text", text }],
  ...(id ? { tool_call_id: id } : {}),
});
const user: TranscriptMessage = { role: "user", content: [{ type: "text", text: "go" }] };

describe("planTrace", () => {
  it("pairs results with their calls by id, whatever the order", () => {
    const plan = planTrace({
      messages: [user, assistant(call("a", "search"), call("b", "fetch")), tool("page", "b"), tool("hits", "a")],
    });
    expect(plan.steps.map((step) => [step.call.name, step.result, step.status, step.number])).toEqual([
      ["search", 3, "ok", 1],
      ["fetch", 2, "ok", 2],
    ]);
    expect([...plan.pairedResults].sort()).toEqual([2, 3]);
    expect(plan.stepsByMessage.get(1)).toHaveLength(2);
  });

  it("pairs by order when the source gives no ids, and marks calls left without a result", () => {
    const plan = planTrace({
      messages: [
        user,
        assistant(call(undefined, "ls")),
        tool("a.txt"),
        assistant(call(undefined, "cat"), call(undefined, "rm")),
      ],
    });
    expect(plan.steps.map((step) => [step.call.name, step.result, step.status])).toEqual([
      ["ls", 2, "ok"],
      ["cat", null, "no_result"],
      ["rm", null, "no_result"],
    ]);
  });

  it("badges results that report a failure, and leaves a result naming an unknown id unpaired", () => {
    const plan = planTrace({
      messages: [
        assistant(call("a", "run")),
        tool("Traceback (most recent call last):\n  ValueError: x", "a"),
        tool("late", "zzz"),
      ],
    });
    expect(plan.steps[0]?.status).toBe("error");
    expect(plan.pairedResults.has(2)).toBe(false);
  });
});

describe("looksLikeError", () => {
  it("knows the usual ways tools fail and lets ordinary output pass", () => {
    for (const text of [
      "Error: file not found",
      '{"error": "rate limited"}',
      "exit code 2",
      "FileNotFoundError: x",
      '{"is_error": true}',
    ])
      expect(looksLikeError(text), text).toBe(true);
    for (const text of ["3 results", '{"errors": []}', "exit code 0", "no errors found", '{"error": null}'])
      expect(looksLikeError(text), text).toBe(false);
  });
});
