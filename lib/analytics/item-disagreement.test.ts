import { describe, expect, it } from "vitest";
import { itemDisagreements, type FieldRating } from "./item-disagreement";

let counter = 0;
const rating = (itemId: string, raterType: FieldRating["raterType"], values: FieldRating["values"]): FieldRating => ({
  itemId,
  evalId: `e${++counter}`,
  raterType,
  values,
});

describe("items behind a Likert cell", () => {
  const ratings = [
    rating("a", "human", { score: 1 }),
    rating("a", "human", { score: 4 }),
    rating("a", "sme", { score: 2 }),
    rating("a", "llm_judge", { score: 5 }),
    rating("b", "human", { score: 3 }),
    rating("b", "human", { score: 3 }),
    rating("b", "llm_judge", { score: 1 }),
    rating("c", "human", { score: 5 }),
    rating("c", "hybrid", { score: 4 }),
    rating("c", "llm_judge", { score: 4 }),
    rating("c", "llm_judge", { score: 2 }),
    rating("d", "human", { score: 2 }),
  ];

  it("human↔human: the spread of the human and SME scores, worst first; an item with one human forms no unit", () => {
    const items = itemDisagreements(ratings, { level: "ordinal", pairing: "human_human" });
    expect(items.map((item) => [item.itemId, item.disagreement, item.columnsInConflict])).toEqual([
      ["a", 3, 1],
      ["b", 0, 0],
    ]);
    expect(items[0]!.ratings.map((entry) => entry.raterType)).toEqual(["human", "human", "sme"]);
  });

  it("with singles (one rater's items): an item with one human is listed with disagreement 0", () => {
    const items = itemDisagreements(ratings, { level: "ordinal", pairing: "human_human", singles: true });
    expect(items.map((item) => [item.itemId, item.disagreement])).toEqual([
      ["a", 3],
      ["b", 0],
      ["c", 0],
      ["d", 0],
    ]);
  });

  it("human↔judge: the largest |human − judge| over the item's pairs; hybrid is on the human side", () => {
    // a: |1−5| = 4; b: |3−1| = 2; c: pairs (5,4) (5,2) (4,4) (4,2) → 3; d has no judge.
    const items = itemDisagreements(ratings, { level: "ordinal", pairing: "human_judge" });
    expect(items.map((item) => [item.itemId, item.disagreement])).toEqual([
      ["a", 4],
      ["c", 3],
      ["b", 2],
    ]);
  });

  it("judge↔judge and one rater type", () => {
    expect(
      itemDisagreements(ratings, { level: "ordinal", pairing: "judge_judge" }).map((item) => [
        item.itemId,
        item.disagreement,
      ]),
    ).toEqual([["c", 2]]);
    expect(
      itemDisagreements(ratings, { level: "ordinal", pairing: { raterType: "human" } }).map((item) => [
        item.itemId,
        item.disagreement,
      ]),
    ).toEqual([
      ["a", 3],
      ["b", 0],
    ]);
  });
});

describe("items behind a nominal cell", () => {
  const verdicts = [
    rating("x", "human", { violence: "violating", privacy: "safe" }),
    rating("x", "human", { violence: "safe", privacy: "borderline" }),
    rating("x", "human", { violence: "borderline", privacy: "safe" }),
    rating("x", "llm_judge", { violence: "safe", privacy: "safe" }),
    rating("y", "human", { violence: "safe", privacy: "safe" }),
    rating("y", "human", { violence: "safe", privacy: "violating" }),
    rating("y", "llm_judge", { violence: "violating" }),
    rating("z", "human", { violence: "safe" }),
    rating("z", "human", { violence: "safe" }),
  ];

  it("the number of distinct values in the worst column, then the number of columns in conflict", () => {
    const items = itemDisagreements(verdicts, { level: "nominal", pairing: "human_human" });
    expect(items.map((item) => [item.itemId, item.disagreement, item.columnsInConflict])).toEqual([
      ["x", 3, 2],
      ["y", 2, 1],
      ["z", 1, 0],
    ]);
  });

  it("a hazard-confusion cell keeps the items with such a human × judge pair, counting the pairs", () => {
    // judge "safe" × human "violating": x has one (violence); y's judge said violating, its privacy has no judge value.
    const items = itemDisagreements(verdicts, {
      level: "nominal",
      pairing: "human_judge",
      confusion: { judge: "safe", human: "violating" },
    });
    expect(items.map((item) => [item.itemId, item.matchingPairs])).toEqual([["x", 1]]);
    const reverse = itemDisagreements(verdicts, {
      level: "nominal",
      pairing: "human_judge",
      confusion: { judge: "violating", human: "safe" },
    });
    expect(reverse.map((item) => [item.itemId, item.matchingPairs, item.disagreement])).toEqual([["y", 2, 2]]);
  });

  it('a cell with "none" holds the items where the judge left out a hazard a human called violating', () => {
    const silent = [
      rating("s", "human", { hate: "violating" }),
      rating("s", "llm_judge", { privacy: "safe" }),
      rating("t", "human", { hate: "safe" }),
      rating("t", "llm_judge", {}),
    ];
    const items = itemDisagreements(silent, {
      level: "nominal",
      pairing: "human_judge",
      confusion: { judge: "none", human: "violating" },
    });
    expect(items.map((item) => [item.itemId, item.matchingPairs])).toEqual([["s", 1]]);
  });
});
