import { describe, expect, it } from "vitest";
import { ratingColumns, type RatingRow } from "./agreement-report";
import { krippendorffAlpha } from "./krippendorff-alpha";
import { changeVerdict, judgeVersionAgreement, weekOf, type JudgeRun } from "./judge-versions";

const row = (item: string, raterType: RatingRow["raterType"], score: number): RatingRow => ({
  item,
  raterType,
  likert: { d: score },
  hazards: {},
});
const at = (isoDay: string) => Date.parse(`${isoDay}T12:00:00Z`);

describe("human↔judge agreement per judge version", () => {
  // X: humans 3, 5; judge v1 4 (Mon 2 Nov). Y: human 2; judge v1 2 (Wed 4 Nov); judge v2 5 (Thu 12 Nov).
  // v1 pairs (3,4) (5,4) (2,2): |d| 1, 1, 0 → 3 pairs, mean 2/3. v2 pair (2,5) → 1 pair, mean 3.
  // v1 α (interval) over the pair units {3,4} {5,4} {2,2}: Σ o·δ = 2 + 2 + 0 = 4; values 3 4 5 4 2 2,
  //   SS = 74 − 6·(10/3)² = 22/3, ordered pairs 12 · 22/3 = 88; α = 1 − 5·4/88 = 17/22. v2: one unit, no α.
  const rows = [row("X", "human", 3), row("X", "sme", 5), row("X", "llm_judge", 4), row("Y", "hybrid", 2)];
  rows.push(row("Y", "llm_judge", 5), row("Y", "llm_judge", 2));
  const runs: (JudgeRun | undefined)[] = [undefined, undefined, undefined, undefined];
  runs.push({ model: "m", version: "v2", at: at("2026-11-12") }, { model: "m", version: "v1", at: at("2026-11-04") });
  runs[2] = { model: "m", version: "v1", at: at("2026-11-02") };
  const result = judgeVersionAgreement(ratingColumns(rows, { dimensions: ["d"], hazards: [] }), runs, {
    dimensions: ["d"],
    level: "interval",
  });

  it("orders versions by first use, with pairs, mean absolute difference, α per dimension and the change", () => {
    expect(result.versions.map((version) => version.version)).toEqual(["v1", "v2"]);
    const [v1, v2] = result.versions;
    expect(v1).toMatchObject({ judgeRatings: 2, pairs: 3, change: null, firstUsed: "2026-11-02T12:00:00.000Z" });
    expect(v1!.lastUsed).toBe("2026-11-04T12:00:00.000Z");
    expect(v1!.meanAbsoluteDifference).toBeCloseTo(2 / 3, 12);
    expect(v1!.dimensions[0]!.alpha).toBeCloseTo(17 / 22, 12);
    expect(v1!.dimensions[0]!.pairs).toBe(3);
    expect(v2).toMatchObject({ judgeRatings: 1, pairs: 1, meanAbsoluteDifference: 3 });
    expect(v2!.dimensions[0]).toEqual({ dimension: "d", alpha: null, pairs: 1 });
    expect(v2!.change!.previous).toBe("m · v1");
    expect(v2!.change!.meanAbsoluteDifference).toBeCloseTo(3 - 2 / 3, 12);
    expect(v2!.change!.verdict).toBe("too few pairs");
  });

  it("groups the pairs by the judge rating's week (Monday, UTC)", () => {
    expect(
      result.weeks.map(({ meanAbsoluteDifference, ...rest }) => ({ ...rest, mad: +meanAbsoluteDifference.toFixed(6) })),
    ).toEqual([
      { model: "m", version: "v1", week: "2026-11-02", pairs: 3, mad: +(2 / 3).toFixed(6) },
      { model: "m", version: "v2", week: "2026-11-09", pairs: 1, mad: 3 },
    ]);
    expect(weekOf(Date.parse("2026-11-08T23:59:00Z"))).toBe("2026-11-02");
    expect(weekOf(Date.parse("2026-11-09T00:00:00Z"))).toBe("2026-11-09");
  });

  it("calls a change only with enough pairs on both sides and a move of a tenth of a point", () => {
    expect(changeVerdict({ pairs: 20, meanAbsoluteDifference: 1 }, { pairs: 20, meanAbsoluteDifference: 0.85 })).toBe(
      "helps",
    );
    expect(changeVerdict({ pairs: 20, meanAbsoluteDifference: 1 }, { pairs: 20, meanAbsoluteDifference: 1.2 })).toBe(
      "hurts",
    );
    expect(changeVerdict({ pairs: 20, meanAbsoluteDifference: 1 }, { pairs: 20, meanAbsoluteDifference: 1.05 })).toBe(
      "no clear change",
    );
    expect(changeVerdict({ pairs: 19, meanAbsoluteDifference: 1 }, { pairs: 50, meanAbsoluteDifference: 0 })).toBe(
      "too few pairs",
    );
  });

  it("counts pair units to the same α as listing them (ordinal, a fractional judge mean among them)", () => {
    const scores: [number, number][] = [
      [1, 2],
      [3, 3.5],
      [5, 4],
      [2, 2],
      [4, 5],
      [3, 3.5],
    ];
    const pairRows = scores.flatMap(([human, judge], index) => [
      row(`p${index}`, "human", human),
      row(`p${index}`, "llm_judge", judge),
    ]);
    const pairRuns = scores.flatMap((): (JudgeRun | undefined)[] => [undefined, { model: "m", version: "v", at: 0 }]);
    const [version] = judgeVersionAgreement(ratingColumns(pairRows, { dimensions: ["d"], hazards: [] }), pairRuns, {
      dimensions: ["d"],
      level: "ordinal",
    }).versions;
    expect(version!.dimensions[0]!.alpha).toBeCloseTo(krippendorffAlpha(scores, { level: "ordinal" }).alpha!, 12);
  });

  it("has nothing to say without judge runs", () => {
    expect(
      judgeVersionAgreement(ratingColumns(rows, { dimensions: ["d"], hazards: [] }), [], {
        dimensions: ["d"],
        level: "interval",
      }),
    ).toEqual({ versions: [], weeks: [] });
  });
});
