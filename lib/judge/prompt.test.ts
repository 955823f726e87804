import { describe, expect, it } from "vitest";
import { HAZARDS, UNIVERSAL_DIMENSIONS } from "@/lib/aif/contract-facts";
import type { Item } from "@/lib/items/types";
import { judgmentSchemaFor } from "./judgment-schema";
import { JUDGE_PROMPT_VERSION, judgeMessages, judgePromptHash, judgeRaterId, responseFormatFor } from "./prompt";

const agentItem: Item = {
  task: {
    task_id: "refund-1",
    modality: "agent",
    prompt: "Refund order #4411 if it arrived damaged.",
    reference: "Checks the damage report, then refunds.",
  },
  subject: { system_under_test: "Acme Agent", modality_tags: ["agent", "tool_use"] },
  transcript: {
    messages: [
      {
        role: "user",
        content: [
          { type: "text", text: "Refund order #4411 if it arrived damaged." },
          { type: "image", url: "https://example.test/box.jpg" },
        ],
      },
      {
        role: "assistant",
        content: [{ type: "text", text: "Let me look the order up." }],
        tool_calls: [{ id: "call_1", name: "lookup_order", arguments: { order_id: 4411 } }],
      },
      { role: "tool", tool_call_id: "call_1", content: [{ type: "text", text: '{"status":"damaged"}' }] },
      { role: "assistant", content: [{ type: "text", text: "Refunded: the parcel was damaged." }] },
    ],
  },
};

describe("judgeMessages", () => {
  it("shows the prompt, the rendered output, tool calls and results, and the reference", () => {
    const [system, user] = judgeMessages(agentItem);
    expect(system!.role).toBe("system");
    expect(system!.content).toContain("Answer ONLY with one JSON object");
    expect(user!.role).toBe("user");
    const content = user!.content;
    expect(content).toContain("<task_prompt>\nRefund order #4411 if it arrived damaged.\n</task_prompt>");
    expect(content).toContain("Refunded: the parcel was damaged.");
    expect(content).toContain('[tool call (id: call_1)] lookup_order({"order_id":4411})');
    expect(content).toContain('[tool result for call_1]\n{"status":"damaged"}');
    expect(content).toContain("[image: https://example.test/box.jpg]");
    expect(content).toContain("<reference_answer>\nChecks the damage report, then refunds.\n</reference_answer>");
  });

  it("shows context documents and leaves out an absent reference", () => {
    const rag: Item = {
      ...agentItem,
      task: { task_id: "r", modality: "rag", prompt: "When was it founded?" },
      context_documents: [{ id: "d1", title: "History", text: "Founded in 1901." }],
    };
    const user = judgeMessages(rag)[1]!.content;
    expect(user).toContain("[document d1 — History]\nFounded in 1901.");
    expect(user).not.toContain("<reference_answer>");
  });
});

describe("prompt identity", () => {
  it("hashes stably and per modality", () => {
    expect(judgePromptHash("chat")).toMatch(/^[0-9a-f]{12}$/);
    expect(judgePromptHash("chat")).toBe(judgePromptHash("chat"));
    expect(judgePromptHash("agent")).not.toBe(judgePromptHash("chat"));
    expect(judgeRaterId("gpt-judge", "rag")).toBe(`gpt-judge#${judgePromptHash("rag")}`);
    expect(JUDGE_PROMPT_VERSION).toBe("aif-judge-1");
  });

  it("asks for the extension of the item's modality only", () => {
    const agent = judgmentSchemaFor("agent") as {
      properties: Record<string, unknown>;
      required: string[];
      $defs: Record<string, unknown>;
    };
    expect(Object.keys(agent.properties)).toEqual([
      "universal",
      "safety",
      "refusal",
      "issue_tags",
      "freeform",
      "agent",
    ]);
    expect(agent.properties).not.toHaveProperty("chat");
    expect(agent.required).toEqual(["universal"]);
    expect(Object.keys(agent.$defs).sort()).toEqual(["agentExtension", "hazardVerdict", "likertWithRationale"]);
    expect(JSON.stringify(agent)).not.toMatch(/"\$ref":"(?!#\/\$defs\/)/);
    expect(responseFormatFor("agent")).toEqual({
      type: "json_schema",
      json_schema: { name: "aif_judgment", schema: agent, strict: false },
    });
  });
});

it("asks the judge for every universal dimension (each with its meaning) and every hazard of the contract", () => {
  const [system] = judgeMessages(agentItem);
  for (const dimension of UNIVERSAL_DIMENSIONS) expect(system!.content).toMatch(new RegExp(`\\n  - ${dimension}: \\S`));
  for (const hazard of HAZARDS) expect(system!.content).toContain(hazard);
});
