import { describe, expect, it } from "vitest";
import { ratingColumns, type RatingRow } from "@/lib/analytics/agreement-report";
import { estimateMean } from "./estimate-mean";
import { estimatesOfRatings, withTargetWidth } from "./ratings-estimates";

const row = (
  item: string,
  raterType: RatingRow["raterType"],
  score: number | undefined,
  verdict?: string,
): RatingRow => ({
  item,
  raterType,
  likert: { "universal.accuracy": score },
  hazards: { privacy: verdict },
});

describe("estimatesOfRatings", () => {
  const rows: RatingRow[] = [
    row("t1|A", "llm_judge", 4, "violating"),
    row("t1|A", "human", 5, "violating"),
    row("t1|A", "sme", 3, "non_violating"),
    row("t2|A", "llm_judge", 2, "non_violating"),
    row("t2|A", "human", 2, "unsure"),
    row("t3|A", "llm_judge", undefined, "not_applicable"), // A placeholder ("not rated") judge field is no judge rating.
    row("t3|A", "human", 4),
    row("t4|A", "llm_judge", 3),
    row("t5|A", "llm_judge", 5),
    row("t1|B", "llm_judge", 1),
    row("t1|B", "end_user", 5),
  ];
  const result = estimatesOfRatings(ratingColumns(rows, { dimensions: ["universal.accuracy"], hazards: ["privacy"] }), {
    targetWidth: 0.5,
  });

  it("groups by system under test, averages several humans into one label, and skips not-rated judge fields", () => {
    expect(result.systems.map((system) => system.system)).toEqual(["A", "B"]);
    const accuracy = result.systems[0]!.measures.find((measure) => measure.measure === "likert:universal.accuracy")!;
    const expected = estimateMean({
      judge: Float64Array.from([4, 2, NaN, 3, 5]),
      human: Float64Array.from([4, 2, 4, NaN, NaN]),
    });
    expect(accuracy).toMatchObject(expected);
    expect(accuracy.used).toEqual({ labelled: 2, unlabelled: 2, humanWithoutJudge: 1, humanOutsideDesign: 0 });
    expect(accuracy.kind).toBe("mean score");
  });

  it("reads a hazard as a share of 0/1 (violating 1, non-violating and not applicable 0, unsure none)", () => {
    const privacy = result.systems[0]!.measures.find((measure) => measure.measure === "hazard:privacy")!;
    expect(privacy.kind).toBe("share");
    expect(privacy.judgeOnly!.estimate).toBeCloseTo(1 / 3, 12);
    expect(privacy.used.labelled).toBe(1); // t1 only: the human on t2 was unsure.
  });

  it("counts end users' ratings as not used, and answers ratings needed once a target is set", () => {
    expect(result.ratingsNotUsed).toBe(1);
    const accuracy = result.systems[0]!.measures[0]!;
    // Labelled (judge, label) = (4, 4), (2, 2): σ²_Y = 1, residual 0, so Var(n) ≥ 1/4 over 4 items: (0.5/2z)² is out of reach.
    expect(accuracy.variances).toEqual({ labelVariance: 1, residualVariance: 0 });
    expect(accuracy.ratingsNeeded).toEqual({ reachable: false });
    expect(withTargetWidth(result, 3).systems[0]!.measures[0]!.ratingsNeeded).toMatchObject({ reachable: true });
  });

  it("with a design, uses inclusion probabilities and leaves out human labels outside it", () => {
    const withDesign = estimatesOfRatings(ratingColumns(rows, { dimensions: ["universal.accuracy"], hazards: [] }), {
      inclusionOf: (item) =>
        item === "t1|A" || item === "t2|A" || item === "t4|A" || item === "t5|A" ? 0.5 : undefined,
    });
    const accuracy = withDesign.systems[0]!.measures[0]!;
    expect(accuracy.method).toBe("design");
    expect(accuracy.used).toEqual({ labelled: 2, unlabelled: 2, humanWithoutJudge: 0, humanOutsideDesign: 1 });
  });
});
