import { describe, expect, it } from "vitest";
import {
  accuracyAgainstAdjudication,
  alphaBeforeAfter,
  errorsAgainstAdjudication,
  goldAccuracy,
  type AuthoritativeAnswer,
  type SourceRating,
} from "./adjudication-lessons";
import { ratingColumns, type RatingRow } from "./agreement-report";
import { confidenceCalibration } from "./confidence-calibration";

const row = (item: string, raterType: RatingRow["raterType"], score: number): RatingRow => ({
  item,
  raterType,
  likert: { d: score },
  hazards: {},
});
const answer = (likert: [string, number][], hazards: [string, string][] = []): AuthoritativeAnswer => ({
  likert: new Map(likert),
  hazards: new Map(hazards),
});

describe("agreement before and after adjudication", () => {
  // Human scores A {1, 3}, B {2, 2}, C {4, 5}; A adjudicated to 2. Interval δ = (c − k)².
  // Before: n = 6, Σ o·δ = 2·4 + 0 + 2·1 = 10; Σ over ordered value pairs of δ = 2n·SS = 12 · 65/6 = 130;
  //   α = 1 − (n − 1)·10/130 = 1 − 5/13 = 8/13.
  // After: A {2, 2}: Σ o·δ = 2; values 2, 2, 2, 2, 4, 5: SS = 57 − 289/6 = 53/6, pairs 12 · 53/6 = 106;
  //   α = 1 − 5·2/106 = 48/53.
  const rows = [
    row("A", "human", 1),
    row("A", "sme", 3),
    row("A", "llm_judge", 5),
    row("A", "hybrid", 5),
    row("B", "human", 2),
    row("B", "human", 2),
    row("C", "human", 4),
    row("C", "human", 5),
  ];
  const ratings = ratingColumns(rows, { dimensions: ["d"], hazards: [] });

  it("replaces each human rating of an adjudicated item by its answer (the judge and hybrid ratings are not counted)", () => {
    const [result] = alphaBeforeAfter(ratings, new Map([["A", answer([["d", 2]])]]), {
      dimensions: ["d"],
      level: "interval",
    });
    expect(result!.dimension).toBe("d");
    expect(result!.units).toBe(3);
    expect(result!.adjudicatedUnits).toBe(1);
    expect(result!.before).toBeCloseTo(8 / 13, 12);
    expect(result!.after).toBeCloseTo(48 / 53, 12);
  });

  it("changes nothing where the answer leaves the dimension out, and says nothing without adjudications", () => {
    const [result] = alphaBeforeAfter(ratings, new Map([["A", answer([["other", 2]])]]), {
      dimensions: ["d"],
      level: "interval",
    });
    expect(result!.adjudicatedUnits).toBe(0);
    expect(result!.after).toBeCloseTo(8 / 13, 12);
    expect(alphaBeforeAfter(ratings, new Map(), { dimensions: ["d"], level: "interval" })).toEqual([]);
  });
});

describe("accuracy against adjudicated answers", () => {
  const answers = new Map([["A", answer([["d", 2]], [["h", "violating"]])]]);
  const source = (item: string, rater: string, score: number, verdict: string, confidence?: string): SourceRating => ({
    item,
    rater,
    likert: new Map([["d", { score, confidence }]]),
    hazards: new Map([["h", verdict]]),
  });
  const sources = [
    source("A", "ann", 1, "violating", "high"),
    source("A", "bob", 2, "non_violating", "low"),
    // Not adjudicated: not compared.
    source("B", "ann", 5, "violating"),
  ];

  it("counts per rater and field how often their value was the one kept, with the Likert mean absolute error", () => {
    expect(accuracyAgainstAdjudication(sources, answers)).toEqual([
      {
        rater: "ann",
        compared: 2,
        kept: 1,
        fields: [
          { field: "d", compared: 1, kept: 0, meanAbsoluteError: 1 },
          { field: "safety", compared: 1, kept: 1, meanAbsoluteError: null },
        ],
      },
      {
        rater: "bob",
        compared: 2,
        kept: 1,
        fields: [
          { field: "d", compared: 1, kept: 1, meanAbsoluteError: 0 },
          { field: "safety", compared: 1, kept: 0, meanAbsoluteError: null },
        ],
      },
    ]);
  });

  it("gives the confidence calibration each score's error against the answer", () => {
    const errors = errorsAgainstAdjudication(sources, answers);
    expect(errors).toEqual([
      { rater: "ann", confidence: "high", absoluteError: 1 },
      { rater: "bob", confidence: "low", absoluteError: 0 },
    ]);
    // ann's high is off by 1, bob's low by 0: overall high 1.0, low 0.0.
    const overall = confidenceCalibration(errors).overall;
    expect(overall.find((level) => level.level === "high")).toEqual({
      level: "high",
      ratings: 1,
      meanAbsoluteError: 1,
    });
    expect(overall.find((level) => level.level === "low")).toEqual({ level: "low", ratings: 1, meanAbsoluteError: 0 });
  });

  it("gives gold accuracy as exact hits and mean absolute error per rater", () => {
    expect(
      goldAccuracy([
        { rater: "ann", absoluteError: 0 },
        { rater: "ann", absoluteError: 2 },
        { rater: "ann", absoluteError: 0 },
        { rater: "bob", absoluteError: 1 },
      ]),
    ).toEqual([
      { rater: "ann", compared: 3, exact: 2, meanAbsoluteError: 2 / 3 },
      { rater: "bob", compared: 1, exact: 0, meanAbsoluteError: 1 },
    ]);
  });
});
