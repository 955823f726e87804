// The judge's verdict labels, how two orders combine into one verdict, and
// the flip rate and position bias of order verdicts.
import { describe, expect, it } from "vitest";
import { combineOrders, parsePairwiseAnswer, verdictForA } from "./judge-prompt";
import { orderConsistency } from "./order-consistency";

describe("pairwise judge verdicts", () => {
  it("reads Arena-Hard's labels from Response A's side", () => {
    expect(["A>>B", "A>B", "A=B", "B>A", "B>>A"].map((label) => verdictForA(label as "A>B"))).toEqual([
      "much_better",
      "better",
      "equivalent",
      "worse",
      "much_worse",
    ]);
  });

  it("combines the two orders by the mean on −2…2, rounded toward a tie", () => {
    expect(combineOrders("much_better", "much_better")).toBe("much_better");
    expect(combineOrders("much_better", "better")).toBe("better"); // 1.5 → 1
    expect(combineOrders("better", "equivalent")).toBe("equivalent"); // 0.5 → 0
    expect(combineOrders("worse", "equivalent")).toBe("equivalent"); // −0.5 → 0
    expect(combineOrders("better", "worse")).toBe("equivalent");
    expect(combineOrders("much_worse", "better")).toBe("equivalent"); // −0.5 → 0
    expect(combineOrders("much_worse", "worse")).toBe("worse"); // −1.5 → −1
  });

  it("names the field and rule of a bad answer", () => {
    const parsed = parsePairwiseAnswer('{"verdict":"A>>>B","rationale":"x"}');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.issues.map((issue) => issue.path)).toContain("/verdict");
    expect(parsePairwiseAnswer("not json")).toMatchObject({ ok: false, issues: [{ rule: "json" }] });
  });

  it("counts a change of direction between the orders as a flip and the left share as position bias", () => {
    const report = orderConsistency(
      [
        { shownLeft: "better", shownRight: "worse" }, // left won both times: a flip
        { shownLeft: "better", shownRight: "much_better" }, // consistent
        { shownLeft: "equivalent", shownRight: "worse" }, // tie → loss: a flip
        { shownLeft: "worse", shownRight: "worse" }, // consistent
      ],
      { samples: 50 },
    );
    expect(report).toMatchObject({ pairs: 4, flips: 2, flipRate: 0.5 });
    // Left-hand winners: pair 1 both (2), pair 2 once (its first order), pair 3 one tie (½) + one (its second
    // order: the system on the right lost, so the left won), pair 4 once (second order) → 5.5 of 8.
    expect(report.positionBias).toMatchObject({ judgments: 8, wins: 5, ties: 1, losses: 2 });
    expect(report.positionBias.rate).toBeCloseTo(5.5 / 8, 12);
    expect(orderConsistency([]).flipRate).toBeNull();
  });
});
