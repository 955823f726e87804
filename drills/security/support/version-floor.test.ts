import { describe, expect, it } from "vitest";
import { atLeast, compareVersions } from "./version-floor";

describe("atLeast", () => {
  it("compares numerically, part by part", () => {
    expect(atLeast("16.4.5", "16.0.7")).toBe(true);
    expect(atLeast("16.0.10", "16.0.7")).toBe(true);
    expect(atLeast("16.0.6", "16.0.7")).toBe(false);
    expect(atLeast("7.10.0", "7.4")).toBe(true);
    expect(atLeast("7.3.9", "7.4")).toBe(false);
    expect(atLeast("19.2.1", "19.2.1")).toBe(true);
  });

  it("puts a pre-release below its release", () => {
    expect(atLeast("16.0.7-canary.3", "16.0.7")).toBe(false);
    expect(compareVersions("16.1.0-canary.10", "16.1.0-canary.9")).toBe(1);
    expect(atLeast("16.1.0-canary.1", "16.0.7")).toBe(true);
  });

  it("refuses what is not a version", () => {
    expect(() => atLeast("latest", "1.0.0")).toThrow(/not a version/);
  });
});
