import { describe, expect, it } from "vitest";
import { truncateText } from "./text-limit";

describe("truncateText", () => {
  it("keeps short text and cuts long text at the limit", () => {
    expect(truncateText("abc", 3)).toBe("abc");
    expect(truncateText("abcdef", 4)).toBe("abcd");
  });
  it("never splits a surrogate pair", () => {
    expect(truncateText("ab😀cd", 3)).toBe("ab");
    expect(truncateText("ab😀cd", 4)).toBe("ab😀");
  });
});
