import { describe, expect, it } from "vitest";
import { calibrationFeedback, expectedScores } from "./calibration-target";
import { raterDrift } from "./drift";

describe("expectedScores", () => {
  it("reads every documented shape and ignores what is not a Likert expectation", () => {
    expect([...expectedScores({ universal: { helpfulness: { score: 4 }, faithfulness: 5 } })]).toEqual([
      ["universal.helpfulness", 4],
      ["universal.faithfulness", 5],
    ]);
    expect([...expectedScores({ "universal.overall_quality": 3, helpfulness: 2, "agent.plan_quality": 4 })]).toEqual([
      ["universal.overall_quality", 3],
      ["universal.helpfulness", 2],
      ["agent.plan_quality", 4],
    ]);
    expect([...expectedScores({ safety: { hate: { verdict: "violating" } }, helpfulness: 9, notes: "x" })]).toEqual([]);
    expect(expectedScores(null).size).toBe(0);
  });
});

describe("calibrationFeedback", () => {
  it("compares a gold rating with its target, dimension by dimension", () => {
    const record = {
      task: {
        task_id: "g1",
        gold_item_id: "gold-1",
        calibration_target: { helpfulness: 4, faithfulness: 5, overall_quality: 3 },
      },
      universal: { helpfulness: { score: 2 }, faithfulness: { score: 5 } },
    };
    expect(calibrationFeedback(record)).toEqual([
      { dimension: "universal.helpfulness", expected: 4, given: 2, error: -2 },
      { dimension: "universal.faithfulness", expected: 5, given: 5, error: 0 },
    ]);
    expect(calibrationFeedback({ ...record, task: { task_id: "g1", calibration_target: { helpfulness: 4 } } })).toEqual(
      [],
    );
  });
});

describe("raterDrift", () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 0, minute));
  it("flags a rater whose recent gold ratings drift past the threshold, not one who was off long ago", () => {
    const ratings = [
      // r1: accurate at first, then 2 points high on the last five.
      ...[0, 0, 0, 0, 0, 2, 2, 2, 2, 2].map((error, index) => ({
        rater: "r1",
        at: at(index),
        errors: { "universal.helpfulness": error },
      })),
      // r2: off at first, accurate on the last five.
      ...[3, 3, 3, 3, 3, 0, 0, 0, 0, 0].map((error, index) => ({
        rater: "r2",
        at: at(index),
        errors: { "universal.helpfulness": error },
      })),
      // r3: too few gold ratings to judge.
      { rater: "r3", at: at(1), errors: { "universal.helpfulness": -4 } },
    ];
    const drift = raterDrift(ratings, { window: 5, threshold: 1, minRatings: 5 });
    expect(drift.map((entry) => [entry.rater, entry.drifting])).toEqual([
      ["r1", ["universal.helpfulness"]],
      ["r2", []],
      ["r3", []],
    ]);
    const r1 = drift[0]!.dimensions[0]!;
    expect(r1).toMatchObject({ ratings: 10, meanSignedError: 1, meanAbsoluteError: 1, recentAbsoluteError: 2 });
    expect(r1.series.at(-1)?.rollingSignedError).toBe(2);
    expect(r1.series[6]?.rollingSignedError).toBeCloseTo(0.8, 10);
  });
});
