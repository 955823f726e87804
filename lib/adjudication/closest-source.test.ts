import { describe, expect, it } from "vitest";
import { closestSource } from "./closest-source";

const rating = (helpfulness: number, faithfulness: number) => ({
  universal: { helpfulness: { score: helpfulness }, faithfulness: { score: faithfulness } },
});

describe("closest source", () => {
  it("is the source whose values the decision kept most often, the earliest on a tie", () => {
    const sources = [
      { evalId: "a", body: rating(1, 5) },
      { evalId: "b", body: rating(4, 4) },
      { evalId: "c", body: rating(2, 5) },
    ];
    expect(closestSource(rating(2, 5), sources)).toBe("c");
    expect(closestSource(rating(3, 5), sources)).toBe("a");
    expect(closestSource(rating(4, 4), sources)).toBe("b");
    expect(closestSource(rating(3, 3), [])).toBeUndefined();
  });
});
