import { describe, expect, it } from "vitest";
import { prettyArguments, prettyJson } from "./pretty-json";

describe("prettyJson / prettyArguments", () => {
  it("indents objects and unwraps JSON-string arguments", () => {
    expect(prettyJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(prettyJson(undefined)).toBe("undefined");
    expect(prettyArguments('{"city":"Paris"}')).toBe('{\n  "city": "Paris"\n}');
    expect(prettyArguments("not json")).toBe("not json");
    expect(prettyArguments('"just a string"')).toBe('"just a string"');
  });
});
