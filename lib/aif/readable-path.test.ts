import { describe, expect, it } from "vitest";
import { fieldName, readablePath } from "./field-labels";

describe("readablePath", () => {
  it("names a problem's field with the labels the rater reads on the form", () => {
    expect(readablePath("/universal/faithfulness/score")).toBe("Universal rubric › Faithfulness › Score");
    expect(readablePath("/universal/instruction_following/rationale")).toBe(
      "Universal rubric › Instruction following › Rationale",
    );
    expect(readablePath("")).toBe("record");
  });

  it("falls back to the key, words spaced, where no label exists, and counts array items from 1", () => {
    expect(readablePath("/no_such_field/0/inner_key")).toBe("no such field › #1 › inner key");
  });
});

describe("fieldName", () => {
  it("names a report's dotted field as the form does, the universal rubric without its section", () => {
    expect(fieldName("universal.faithfulness")).toBe("Faithfulness");
    expect(fieldName("universal.safety_overall")).toBe("Safety (overall)");
    expect(fieldName("agent.plan_quality")).toBe("Agent › Plan");
    expect(fieldName("multimodal.image_specific.fidelity")).toBe("Multimodal › Images › Image fidelity");
    expect(fieldName("safety.is_violating_any")).toMatch(/›/);
  });
});
