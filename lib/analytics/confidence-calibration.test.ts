import { describe, expect, it } from "vitest";
import { confidenceCalibration, type ConfidentError } from "./confidence-calibration";

const errors = (rater: string, confidence: string | undefined, values: number[]): ConfidentError[] =>
  values.map((absoluteError) => ({ rater, confidence, absoluteError }));

describe("confidence calibration against gold", () => {
  it("gives the mean absolute error at each level, per rater and overall; a score without confidence is medium", () => {
    const result = confidenceCalibration([
      ...errors("ann", "high", [0, 0, 1]),
      ...errors("ann", "low", [2, 1, 3]),
      ...errors("ann", undefined, [1]),
    ]);
    expect(result.overall).toEqual([
      { level: "low", ratings: 3, meanAbsoluteError: 2 },
      { level: "medium", ratings: 1, meanAbsoluteError: 1 },
      { level: "high", ratings: 3, meanAbsoluteError: 1 / 3 },
    ]);
    expect(result.raters).toEqual([{ rater: "ann", levels: result.overall, highNoBetterThanLow: false }]);
  });

  it("flags a rater whose high is no more accurate than their low, once both have enough ratings", () => {
    // bob: high 2, 2, 1 → 5/3; low 1, 2, 2 → 5/3: equal, so no better. cid: the same with only two lows: not enough to say.
    const result = confidenceCalibration([
      ...errors("bob", "high", [2, 2, 1]),
      ...errors("bob", "low", [1, 2, 2]),
      ...errors("cid", "high", [3, 3, 3]),
      ...errors("cid", "low", [0, 0]),
    ]);
    expect(result.raters.map((rater) => [rater.rater, rater.highNoBetterThanLow])).toEqual([
      ["bob", true],
      ["cid", false],
    ]);
    expect(result.overall.find((level) => level.level === "high")).toEqual({
      level: "high",
      ratings: 6,
      meanAbsoluteError: 14 / 6,
    });
    expect(result.overall.find((level) => level.level === "medium")).toEqual({
      level: "medium",
      ratings: 0,
      meanAbsoluteError: null,
    });
  });
});
