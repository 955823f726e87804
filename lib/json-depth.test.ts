import { describe, expect, it } from "vitest";
import { tooDeepAt } from "./json-depth";

describe("tooDeepAt", () => {
  it("passes ordinary JSON and JSON exactly at the limit", () => {
    expect(tooDeepAt(JSON.stringify({ a: [1, { b: "c" }] }))).toBeNull();
    expect(tooDeepAt("[".repeat(100) + "]".repeat(100), 100)).toBeNull();
  });

  it("finds where the text first goes too deep", () => {
    expect(tooDeepAt("[".repeat(10_000) + "]".repeat(10_000), 100)).toBe(100);
    expect(tooDeepAt(`{"a":${'{"a":'.repeat(5)}1${"}".repeat(5)}}`, 3)).toBe(15);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(tooDeepAt(JSON.stringify({ text: "[".repeat(500) + '"{{{{' }), 2)).toBeNull();
  });
});
