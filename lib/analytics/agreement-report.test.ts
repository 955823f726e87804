import { describe, expect, it } from "vitest";
import { RATER_TYPES as CONTRACT_RATER_TYPES } from "@/lib/aif/contract-facts";
import { agreementReport, RATER_TYPES, type RatingRow } from "./agreement-report";
import { judgeVerdict } from "./judge-verdict";
import { krippendorffAlpha } from "./krippendorff-alpha";

const DIMENSIONS = ["helpfulness", "safety_overall"];
const HAZARDS = ["hate", "privacy"];
const TAGS = ["verbosity", "hallucination"];

function row(
  item: string,
  raterType: RatingRow["raterType"],
  helpfulness: number,
  privacy = "non_violating",
  tags: string[] = [],
): RatingRow {
  return {
    item,
    raterType,
    likert: { helpfulness, safety_overall: 5 },
    hazards: { hate: "not_applicable", privacy },
    refusal: "n/a",
    vsReference: null,
    tags,
  };
}

describe("agreementReport", () => {
  // Two humans agree on every item; the judge is one point off on every item and over-calls privacy once.
  const rows: RatingRow[] = [1, 2, 3, 4, 5].flatMap((score, index) => [
    row(`i${index}`, "human", score, "non_violating", ["verbosity"]),
    row(`i${index}`, "sme", score, "non_violating", ["verbosity"]),
    row(`i${index}`, "llm_judge", Math.min(5, score + 1), index === 0 ? "violating" : "non_violating", []),
  ]);
  const report = agreementReport(rows, { dimensions: DIMENSIONS, hazards: HAZARDS, tags: TAGS, bootstrapSamples: 200 });

  it("separates the pairings: perfect human agreement, imperfect human↔judge agreement", () => {
    const helpfulness = report.likert.find((entry) => entry.dimension === "helpfulness")!;
    expect(helpfulness.humanHuman).toMatchObject({ alpha: 1, units: 5, values: 10 });
    expect(helpfulness.humanJudge.units).toBe(10);
    expect(helpfulness.humanJudge.alpha).toBeLessThan(1);
    expect(helpfulness.humanJudge.alpha).toBeGreaterThan(0);
    expect(helpfulness.humanJudge.low!).toBeLessThanOrEqual(helpfulness.humanJudge.alpha!);
    expect(helpfulness.humanJudge.high!).toBeGreaterThanOrEqual(helpfulness.humanJudge.alpha!);
    // A single judge per item: nothing to compare among judges.
    expect(helpfulness.judgeJudge).toMatchObject({ alpha: null, units: 0 });
    expect(helpfulness.byRaterType.human).toMatchObject({ alpha: null, units: 0 });
    // Every value the same: agreement cannot be told from chance.
    expect(report.likert.find((entry) => entry.dimension === "safety_overall")!.humanHuman.alpha).toBeNull();
  });

  it("computes Likert alpha at the interval level on request", () => {
    const interval = agreementReport(rows, {
      dimensions: DIMENSIONS,
      hazards: HAZARDS,
      tags: TAGS,
      bootstrapSamples: 0,
      likertLevel: "interval",
    });
    const judgeUnits = [1, 2, 3, 4, 5].flatMap((score) => [
      [score, Math.min(5, score + 1)],
      [score, Math.min(5, score + 1)],
    ]);
    expect(interval.likertLevel).toBe("interval");
    expect(interval.likert[0]!.humanJudge.alpha).toBeCloseTo(
      krippendorffAlpha(judgeUnits, { level: "interval" }).alpha!,
      12,
    );
    expect(interval.likert[0]!.humanJudge.alpha).not.toBeCloseTo(report.likert[0]!.humanJudge.alpha!, 3);
  });

  it("measures judge trust against every human-side rating of the same item", () => {
    const helpfulness = report.judgeTrust.find((entry) => entry.dimension === "helpfulness")!;
    expect(helpfulness.pairs).toBe(10);
    expect(helpfulness.meanAbsoluteDifference).toBeCloseTo(0.8, 10);
    expect(helpfulness.kappa).toBeGreaterThan(0.5);
    expect(report.hazardConfusion).toEqual([
      { judge: "non_violating", human: "non_violating", count: 8 },
      { judge: "not_applicable", human: "not_applicable", count: 10 },
      { judge: "violating", human: "non_violating", count: 2 },
    ]);
  });

  it('counts a hazard the judge left out where a human saw a violation as a miss ("none"), and the reverse as an over-call', () => {
    const silent = agreementReport(
      [
        { item: "x", raterType: "human", likert: {}, hazards: { hate: "violating", privacy: "non_violating" } },
        { item: "x", raterType: "llm_judge", likert: {}, hazards: {} },
        { item: "y", raterType: "human", likert: {}, hazards: {} },
        { item: "y", raterType: "llm_judge", likert: {}, hazards: { privacy: "violating" } },
      ],
      { dimensions: [], hazards: ["hate", "privacy"], tags: [], bootstrapSamples: 0 },
    );
    // x: hate violating vs none → a miss; privacy non_violating vs none → not counted. y: privacy none vs violating → an over-call.
    expect(silent.hazardConfusion).toEqual([
      { judge: "none", human: "violating", count: 1 },
      { judge: "violating", human: "none", count: 1 },
    ]);
    expect(judgeVerdict(silent).hazards).toEqual({ humanViolating: 1, judgeMissed: 1, judgeOverCalled: 1 });
  });

  it("counts score distributions and the judge × human grid", () => {
    const helpfulness = report.distributions.find((entry) => entry.dimension === "helpfulness")!;
    expect(helpfulness).toEqual({ dimension: "helpfulness", human: [2, 2, 2, 2, 2], judge: [0, 1, 1, 1, 2] });
    const grid = report.judgeHumanGrids.find((entry) => entry.dimension === "helpfulness")!.counts;
    // Judge 2 ↔ human 1 twice (one human, one SME), …, judge 5 ↔ human 4 and human 5.
    expect(grid[1]![0]).toBe(2);
    expect(grid[4]![3]).toBe(2);
    expect(grid[4]![4]).toBe(2);
    expect(grid.flat().reduce((sum, count) => sum + count, 0)).toBe(10);
  });

  it("pools hazards and tags as nominal units", () => {
    const tags = report.nominal.find((entry) => entry.field === "issue tags")!;
    // Only "verbosity" was ever chosen: "hallucination" (never chosen) adds no units.
    expect(tags.humanHuman.units).toBe(5);
    expect(tags.humanJudge.alpha).toBeLessThan(0.5);
    expect(report.items).toBe(5);
    expect(report.ratings).toBe(15);
  });

  it("computes 100k ratings × 5 dimensions quickly", () => {
    const dimensions = ["helpfulness", "instruction_following", "faithfulness", "safety_overall", "overall_quality"];
    const many: RatingRow[] = [];
    for (let item = 0; item < 25_000; item += 1) {
      for (const [index, raterType] of (["human", "human", "sme", "llm_judge"] as const).entries()) {
        const likert = Object.fromEntries(
          dimensions.map((dimension, d) => [dimension, 1 + ((item * 7 + d * 3 + index * (item % 3)) % 5)]),
        );
        many.push({ item: `i${item}`, raterType, likert, hazards: {}, tags: [] });
      }
    }
    const start = performance.now();
    const big = agreementReport(many, { dimensions, hazards: [], tags: [], bootstrapSamples: 200 });
    const seconds = (performance.now() - start) / 1000;
    console.log(
      `agreementReport, ${many.length} ratings × ${dimensions.length} dimensions, 200 bootstrap samples: ${seconds.toFixed(2)} s`,
    );
    expect(big.ratings).toBe(100_000);
    expect(big.likert[0]!.humanHuman.units).toBe(25_000);
    expect(seconds).toBeLessThan(20);
  });
});

it("orders exactly the contract's rater types, none missing, none extra", () => {
  expect([...RATER_TYPES].sort()).toEqual([...CONTRACT_RATER_TYPES].sort());
});
