import { describe, expect, it } from "vitest";
import { readablePath } from "./field-labels";

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
