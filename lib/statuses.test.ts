import { describe, expect, it } from "vitest";
import { ASSIGNMENT_STATUSES, parseStatus } from "./statuses";

describe("parseStatus", () => {
  it("returns a known status and refuses an unknown one", () => {
    expect(parseStatus(ASSIGNMENT_STATUSES, "skipped")).toBe("skipped");
    expect(() => parseStatus(ASSIGNMENT_STATUSES, "open")).toThrow(/unknown status "open"/);
  });
});
