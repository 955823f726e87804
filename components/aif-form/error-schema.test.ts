import { describe, expect, it } from "vitest";
import { fieldIdOf, toErrorSchema } from "./error-schema";

describe("issues → rjsf ErrorSchema", () => {
  it("nests messages by JSON Pointer and maps paths to rjsf ids", () => {
    const schema = toErrorSchema([
      { path: "/universal/helpfulness/rationale", rule: "rationaleRequired", message: "A rationale is required" },
      { path: "/safety/a~1b", rule: "x", message: "escaped" },
      { path: "", rule: "type", message: "must be an object" },
    ]);
    expect(schema).toEqual({
      __errors: ["must be an object"],
      universal: { helpfulness: { rationale: { __errors: ["A rationale is required"] } } },
      safety: { "a/b": { __errors: ["escaped"] } },
    });
    expect(fieldIdOf("/universal/helpfulness/rationale")).toBe("root_universal_helpfulness_rationale");
  });
});
