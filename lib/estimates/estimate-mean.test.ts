import { describe, expect, it } from "vitest";
import { estimateMean } from "./estimate-mean";
import { ppiMean } from "./ppi-mean";
import { labelledVariances, predictedVariance, ratingsNeeded } from "./ratings-needed";
import { Z95 } from "./interval";

describe("estimateMean", () => {
  it("without a design: PPI++ over judged items, human-only over every human label, and says what it used", () => {
    const judge = Float64Array.from([3, 4, 2, 5, 1, NaN, 4, 3]);
    const human = Float64Array.from([3, 5, 2, NaN, NaN, 4, 4, NaN]);
    const result = estimateMean({ judge, human });
    expect(result.method).toBe("ppi++");
    expect(result.used).toEqual({ labelled: 4, unlabelled: 3, humanWithoutJudge: 1, humanOutsideDesign: 0 });
    expect(result.humanOnly!.estimate).toBeCloseTo((3 + 5 + 2 + 4 + 4) / 5, 12);
    expect(result.judgeOnly!.estimate).toBeCloseTo(22 / 7, 12);
    expect(result.judgeOnly!.biased).toBe(true);
    expect(result.corrected).toEqual(ppiMean([3, 5, 2, 4], [3, 4, 2, 4], [5, 1, 3]));
  });

  it("with a design: leaves out human labels outside it and counts them", () => {
    const judge = Float64Array.from([3, 4, 2, 5, 1, 4]);
    const human = Float64Array.from([3, 5, NaN, 4, NaN, 1]);
    const inclusion = Float64Array.from([0.5, 0.5, 0.5, 0.5, 0.5, NaN]);
    const result = estimateMean({ judge, human, inclusion });
    expect(result.method).toBe("design");
    expect(result.used).toEqual({ labelled: 3, unlabelled: 2, humanWithoutJudge: 0, humanOutsideDesign: 1 });
    expect(result.humanOnly!.estimate).toBeCloseTo(4, 12);
  });
});

describe("ratingsNeeded", () => {
  it("solves σ²_r/n + (σ²_Y − σ²_r)/N_total = (width/2z)² for n", () => {
    const input = { labelVariance: 1, residualVariance: 0.5, labelled: 40, totalItems: 1000 };
    const result = ratingsNeeded({ ...input, targetWidth: 0.2 });
    expect(result.reachable).toBe(true);
    if (!result.reachable) return;
    const allowed = (0.2 / (2 * Z95)) ** 2;
    expect(predictedVariance(input, result.atLabelled)).toBeLessThanOrEqual(allowed);
    expect(predictedVariance(input, result.atLabelled - 1)).toBeGreaterThan(allowed);
    expect(result.more).toBe(result.atLabelled - 40);
  });

  it("says unreachable when even every item labelled is too wide, and 0 more when already met", () => {
    const input = { labelVariance: 1, residualVariance: 0.5, labelled: 40, totalItems: 100 };
    expect(ratingsNeeded({ ...input, targetWidth: 0.01 })).toEqual({ reachable: false });
    expect(ratingsNeeded({ ...input, targetWidth: 10 })).toMatchObject({ reachable: true, more: 0 });
  });

  it("reads σ²_Y and σ²_Y(1 − ρ²) from labelled pairs", () => {
    expect(labelledVariances([1, 2, 3], [2, 4, 6])).toEqual({ labelVariance: 2 / 3, residualVariance: 0 });
    const uncorrelated = labelledVariances([1, 2, 1, 2], [1, 1, 2, 2]);
    expect(uncorrelated.residualVariance).toBeCloseTo(uncorrelated.labelVariance, 12);
  });
});
