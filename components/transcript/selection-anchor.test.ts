// describeAnchor only: anchorOfSelection and findAnchorElement need a real DOM (there is no jsdom here).
import { describe, expect, it } from "vitest";
import { describeAnchor } from "./selection-anchor";

describe("describeAnchor", () => {
  it("names a message part with a 1-based number and the role", () => {
    expect(describeAnchor({ messageIndex: 2, role: "assistant", part: "reasoning", segmentIndex: null })).toBe(
      "message 3 (assistant), reasoning",
    );
    expect(describeAnchor({ messageIndex: 0, role: "user", part: "content", segmentIndex: 0 })).toBe(
      "message 1 (user), content",
    );
    expect(describeAnchor({ messageIndex: 0, part: "content", segmentIndex: 2 })).toBe(
      "message 1, content (segment 3)",
    );
    expect(describeAnchor({ messageIndex: 4, role: "assistant", part: "tool_call", segmentIndex: 1 })).toBe(
      "message 5 (assistant), tool call 2",
    );
  });

  it("tells the reference trajectory apart from the transcript", () => {
    expect(
      describeAnchor({
        messageIndex: 1,
        role: "tool",
        part: "tool_result",
        segmentIndex: 0,
        transcript: "reference_trajectory",
      }),
    ).toBe("reference trajectory message 2 (tool), tool result");
  });

  it("names parts outside the transcript", () => {
    expect(describeAnchor({ messageIndex: null, part: "reference", segmentIndex: null })).toBe("reference answer");
    expect(describeAnchor({ messageIndex: null, part: "context", segmentIndex: 0 })).toBe("context document 1");
    expect(describeAnchor({ messageIndex: null, part: "prompt", segmentIndex: null })).toBe("prompt");
  });
});
