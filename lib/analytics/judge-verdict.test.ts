import { expect, it } from "vitest";
import type { AlphaCell, LikertAgreement } from "./agreement-report";
import { judgeVerdict } from "./judge-verdict";

const cell = (alpha: number | null, low: number | null = null, high: number | null = null): AlphaCell => ({
  alpha,
  low,
  high,
  units: 10,
  values: 20,
});
const likert = (dimension: string, human: AlphaCell, judge: AlphaCell) =>
  ({ dimension, humanHuman: human, humanJudge: judge, judgeJudge: cell(null) }) as unknown as LikertAgreement;

it("trusts the judge on a dimension only when it agrees with humans well and about as well as humans agree", () => {
  const verdict = judgeVerdict({
    likert: [
      likert("close", cell(0.85, 0.8, 0.9), cell(0.8, 0.74, 0.86)),
      likert("low", cell(0.85), cell(0.5)),
      likert("worse than humans", cell(0.95, 0.93, 0.97), cell(0.7, 0.65, 0.75)),
      likert("no data", cell(0.9), cell(null)),
    ],
    hazardConfusion: [
      { judge: "violating", human: "violating", count: 3 },
      { judge: "non_violating", human: "violating", count: 2 },
      { judge: "violating", human: "not_applicable", count: 1 },
    ],
  });
  expect(verdict.dimensions.map((entry) => entry.verdict)).toEqual([
    "trusted",
    "not_trusted",
    "not_trusted",
    "unknown",
  ]);
  expect(verdict.overall).toBe("mixed");
  expect(verdict.hazards).toEqual({ humanViolating: 5, judgeMissed: 2, judgeOverCalled: 1 });
  expect(judgeVerdict({ likert: [likert("x", cell(null), cell(null))], hazardConfusion: [] }).overall).toBe("unknown");
});
