import { describe, expect, it } from "vitest";
import { coincidenceMatrix } from "./coincidence-matrix";
import { exampleUnits, publishedAlphas } from "./krippendorff-2011-example";
import { krippendorffAlpha } from "./krippendorff-alpha";
import { mulberry32 } from "./seeded-random";
import type { MeasurementLevel } from "./unit-patterns";

const LEVELS: readonly MeasurementLevel[] = ["nominal", "ordinal", "interval", "ratio"];

describe("krippendorffAlpha", () => {
  it.each(LEVELS)("matches Krippendorff's published %s alpha for the 2011 example", (level) => {
    const result = krippendorffAlpha(exampleUnits, { level });
    expect(result.alpha).not.toBeNull();
    expect(result.alpha!.toFixed(3)).toBe(publishedAlphas[level].toFixed(3));
    // Unit 12 has a single value, so 11 units and 40 values pair.
    expect(result).toMatchObject({ units: 11, pairable: 40 });
  });

  it("builds the published coincidence matrix", () => {
    const matrix = coincidenceMatrix(exampleUnits, { level: "nominal" });
    expect(matrix.values).toEqual([1, 2, 3, 4, 5]);
    expect([...matrix.marginals]).toEqual([9, 13, 10, 5, 3]);
    const cell = (row: number, column: number) =>
      matrix.cells.find((entry) => entry.row === row && entry.column === column)?.count ?? 0;
    expect(cell(0, 0)).toBeCloseTo(7, 12);
    expect(cell(0, 1)).toBeCloseTo(4 / 3, 12);
    for (const entry of matrix.cells) expect(cell(entry.column, entry.row)).toBeCloseTo(entry.count, 12);
  });

  it("is 1 for perfect agreement at every level", () => {
    const units = [
      [1, 1, 1],
      [2, 2, null],
      [5, 5, 5],
      [3, undefined, 3],
    ];
    for (const level of LEVELS) expect(krippendorffAlpha(units, { level }).alpha).toBe(1);
    expect(
      krippendorffAlpha(
        [
          ["safe", "safe"],
          ["unsafe", "unsafe"],
        ],
        { level: "nominal" },
      ).alpha,
    ).toBe(1);
  });

  it("is null for a single unit, even one with disagreement, and when nothing pairs", () => {
    expect(krippendorffAlpha([[1, 2, 2]], { level: "interval" })).toMatchObject({ alpha: null, units: 1, pairable: 3 });
    expect(krippendorffAlpha([[4], [null, 2], [], [undefined, null]], { level: "ordinal" })).toEqual({
      alpha: null,
      pairable: 0,
      units: 0,
      observedDisagreement: null,
      expectedDisagreement: null,
    });
  });

  it("is null when every value is the same, as agreement cannot be told from chance", () => {
    const result = krippendorffAlpha(
      [
        [3, 3],
        [3, 3, 3],
      ],
      { level: "interval" },
    );
    expect(result).toMatchObject({ alpha: null, observedDisagreement: 0, expectedDisagreement: 0 });
  });

  it("treats fractional Likert means as values of their own at the interval level", () => {
    const units = [
      [1, 2],
      [3, 3.5],
    ];
    expect(coincidenceMatrix(units, { level: "interval" }).values).toEqual([1, 2, 3, 3.5]);
    // Hand-computed: Σ o δ = 2·1² + 2·0.5² = 2.5; Σ n_c n_k δ = 2n Σ (x − x̄)² = 8 · 3.6875 = 29.5.
    expect(krippendorffAlpha(units, { level: "interval" }).alpha).toBeCloseTo(1 - (3 * 2.5) / 29.5, 12);
    expect(
      krippendorffAlpha(
        [
          [4.5, 4.5],
          [1.25, 1.25],
        ],
        { level: "interval" },
      ).alpha,
    ).toBe(1);
  });

  it("ignores missing values and the order of values within a unit", () => {
    const withoutGaps = exampleUnits.map((unit) => unit.filter((value) => value !== null).reverse());
    for (const level of LEVELS) {
      expect(krippendorffAlpha(withoutGaps, { level }).alpha).toBeCloseTo(
        krippendorffAlpha(exampleUnits, { level }).alpha!,
        12,
      );
    }
  });

  it("gives the ordinal level the order, not the spacing, of the values", () => {
    const units = [
      [1, 2],
      [2, 3],
      [3, 10],
      [1, 1],
      [10, 10],
    ];
    const stretched = units.map((unit) => unit.map((value) => (value === 10 ? 1000 : value)));
    expect(krippendorffAlpha(stretched, { level: "ordinal" }).alpha).toBeCloseTo(
      krippendorffAlpha(units, { level: "ordinal" }).alpha!,
      12,
    );
    expect(krippendorffAlpha(stretched, { level: "interval" }).alpha).not.toBeCloseTo(
      krippendorffAlpha(units, { level: "interval" }).alpha!,
      3,
    );
  });

  it("rejects values its level cannot measure", () => {
    expect(() => krippendorffAlpha([["a", "b"]], { level: "ordinal" })).toThrow(TypeError);
    expect(() => krippendorffAlpha([[1, Number.NaN]], { level: "interval" })).toThrow(RangeError);
    expect(() => krippendorffAlpha([[-1, 2]], { level: "ratio" })).toThrow(RangeError);
  });

  it("computes 100k units × 3 raters at the ordinal level in well under a second", () => {
    const random = mulberry32(7);
    const units = Array.from({ length: 100_000 }, () => {
      const truth = 1 + Math.floor(random() * 5);
      return [truth, Math.min(5, Math.max(1, truth + Math.round(random() * 2 - 1))), random() < 0.1 ? null : truth];
    });
    const started = performance.now();
    const result = krippendorffAlpha(units, { level: "ordinal" });
    const elapsed = performance.now() - started;
    console.log(`krippendorffAlpha, 100k units × 3 raters, ordinal: ${elapsed.toFixed(0)} ms`);
    expect(result.units).toBe(100_000);
    expect(result.alpha).toBeGreaterThan(0.5);
    expect(elapsed).toBeLessThan(3000);
  });
});
