import { describe, expect, it } from "vitest";
import type { Item } from "@/lib/items/types";
import { agentPrefill } from "./agent-prefill";

const agentItem = (automatic_scores?: Record<string, unknown>): Item => ({
  task: { task_id: "retail_12", modality: "agent", prompt: "Cancel my order" },
  subject: { system_under_test: "acme", modality_tags: ["agent"] },
  transcript: {
    messages: [
      { role: "user", content: [{ type: "text", text: "Cancel my order #W123" }] },
      { role: "assistant", content: [], tool_calls: [{ id: "c1", name: "get_order", arguments: {} }] },
      { role: "tool", content: [{ type: "text", text: "{}" }], tool_call_id: "c1" },
      {
        role: "assistant",
        content: [],
        tool_calls: [
          { id: "c2", name: "cancel_order" },
          { id: "c3", name: "refund" },
        ],
      },
    ],
  },
  ...(automatic_scores ? { automatic_scores } : {}),
});

describe("agentPrefill", () => {
  it("one tool_calls row per call with its tool name, efficiency from the automatic scores (EEE's nesting)", () => {
    const prefill = agentPrefill(
      agentItem({
        evaluation: { score: 1, num_turns: 6, tool_calls_count: 3 },
        token_usage: { total_tokens: 812 },
        performance: { latency_ms: 4210 },
      }),
    );
    expect(prefill).toEqual({
      tool_calls: [{ tool: "get_order" }, { tool: "cancel_order" }, { tool: "refund" }],
      efficiency: { n_toolcalls: 3, latency_ms: 4210, n_turns: 6, n_tokens: 812 },
    });
  });
  it("counts the calls from the transcript when the source did not, and judges nothing", () => {
    const prefill = agentPrefill(agentItem());
    expect(prefill).toEqual({
      tool_calls: [{ tool: "get_order" }, { tool: "cancel_order" }, { tool: "refund" }],
      efficiency: { n_toolcalls: 3 },
    });
    expect(JSON.stringify(prefill)).not.toMatch(/call_ok|params_ok|redundant|task_success/);
  });
  it("is nothing for a chat item", () => {
    expect(agentPrefill({ ...agentItem(), task: { task_id: "c", modality: "chat", prompt: "p" } })).toBeNull();
  });
});
