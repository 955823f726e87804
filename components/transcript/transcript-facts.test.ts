import { describe, expect, it } from "vitest";
import type { Transcript, TranscriptMessage } from "@/lib/items/types";
import {
  finalAnswerIndex,
  isToolResult,
  roleKind,
  textOf,
  toolResultTitle,
  transcriptRepeatsPrompt,
} from "./transcript-facts";

const say = (role: string, text: string, extra: Partial<TranscriptMessage> = {}): TranscriptMessage => ({
  role,
  content: [{ type: "text", text }],
  ...extra,
});

describe("transcript facts", () => {
  it("maps role names to kinds", () => {
    expect(roleKind("Assistant")).toBe("assistant");
    expect(roleKind("human")).toBe("user");
    expect(roleKind("critic")).toBe("other");
  });

  it("joins the text segments of a message, skipping media", () => {
    const message: TranscriptMessage = {
      role: "user",
      content: [
        { type: "text", text: "Look:" },
        { type: "image", url: "https://example.com/a.png" },
        { type: "text", text: "what is it?" },
      ],
    };
    expect(textOf(message)).toBe("Look:\nwhat is it?");
  });

  it("recognises tool results by role or by tool_call_id", () => {
    expect(isToolResult(say("tool", "42"))).toBe(true);
    expect(isToolResult(say("user", "42", { tool_call_id: "c1" }))).toBe(true);
    expect(isToolResult(say("assistant", "hi"))).toBe(false);
    expect(toolResultTitle(say("tool", "42", { tool_call_id: "c1" }))).toBe("Tool result (for call c1)");
    expect(toolResultTitle(say("tool", "42", { tool_call_id: ["c1", "c2"] }))).toBe("Tool result (for calls c1, c2)");
    expect(toolResultTitle(say("tool", "42"))).toBe("Tool result");
    expect(toolResultTitle(say("tool", "42", { tool_call_id: "" }))).toBe("Tool result");
  });

  it("finds the prompt after system messages, ignoring whitespace", () => {
    const transcript: Transcript = {
      messages: [say("system", "Be brief."), say("user", "What is 2 + 2?\n"), say("assistant", "4")],
    };
    expect(transcriptRepeatsPrompt(transcript, "What is  2 + 2?")).toBe(true);
    expect(transcriptRepeatsPrompt(transcript, "What is 3 + 3?")).toBe(false);
    expect(transcriptRepeatsPrompt({ messages: [say("assistant", "What is 2 + 2?")] }, "What is 2 + 2?")).toBe(false);
  });

  it("finds the last assistant message with text", () => {
    const transcript: Transcript = {
      messages: [
        say("user", "q"),
        say("assistant", "The answer is 4."),
        { role: "assistant", content: [], tool_calls: [{ name: "done" }] },
      ],
    };
    expect(finalAnswerIndex(transcript)).toBe(1);
    expect(finalAnswerIndex({ messages: [say("user", "q")] })).toBeNull();
  });
});
