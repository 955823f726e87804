import { describe, expect, it } from "vitest";
import { goldDescription } from "./gold-description";

describe("gold description", () => {
  it("says how gold items are handed out, and that a 0 % share does not hand them out first", () => {
    expect(goldDescription({ items: 10, goldItems: 1, goldShare: 0 })).toBe(
      "10 items (1 of them gold, handed out only after every other item: gold share 0 %)",
    );
    expect(goldDescription({ items: 10, goldItems: 2, goldShare: 0.1 })).toBe(
      "10 items (2 of them gold, mixed in at 10 % of each rater's items)",
    );
    expect(goldDescription({ items: 1, goldItems: 0, goldShare: 0.1 })).toBe("1 item, none of them gold");
  });
});
