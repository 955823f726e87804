import { describe, expect, it } from "vitest";
import { bootstrapAlphaInterval } from "./bootstrap";
import { exampleUnits } from "./krippendorff-2011-example";
import { krippendorffAlpha } from "./krippendorff-alpha";
import { mulberry32 } from "./seeded-random";

describe("bootstrapAlphaInterval", () => {
  it.each(["nominal", "ordinal", "interval", "ratio"] as const)(
    "contains the %s point estimate for the 2011 example",
    (level) => {
      const interval = bootstrapAlphaInterval(exampleUnits, { level, seed: 1 });
      const alpha = krippendorffAlpha(exampleUnits, { level }).alpha!;
      expect(interval).not.toBeNull();
      expect(interval!.low).toBeLessThan(alpha);
      expect(interval!.high).toBeGreaterThanOrEqual(alpha);
      expect(interval!.high).toBeLessThanOrEqual(1);
    },
  );

  it("gives the same interval for the same seed and another for another seed", () => {
    const first = bootstrapAlphaInterval(exampleUnits, { level: "interval", samples: 300, seed: 42 });
    expect(bootstrapAlphaInterval(exampleUnits, { level: "interval", samples: 300, seed: 42 })).toEqual(first);
    expect(bootstrapAlphaInterval(exampleUnits, { level: "interval", samples: 300, seed: 43 })).not.toEqual(first);
    expect(bootstrapAlphaInterval(exampleUnits, { level: "interval" })).toEqual(
      bootstrapAlphaInterval(exampleUnits, { level: "interval" }),
    );
  });

  it("narrows as units are added", () => {
    const random = mulberry32(3);
    const noisyUnits = (count: number) =>
      Array.from({ length: count }, () => {
        const truth = 1 + Math.floor(random() * 5);
        return [truth, Math.min(5, Math.max(1, truth + Math.round(random() * 3 - 1.5)))];
      });
    const width = (count: number) => {
      const interval = bootstrapAlphaInterval(noisyUnits(count), { level: "ordinal", samples: 400, seed: 9 })!;
      return interval.high - interval.low;
    };
    const few = width(40);
    const many = width(4000);
    expect(many).toBeLessThan(few / 4);
  });

  it("narrows with a lower confidence", () => {
    const wide = bootstrapAlphaInterval(exampleUnits, { level: "ordinal", confidence: 0.95 })!;
    const narrow = bootstrapAlphaInterval(exampleUnits, { level: "ordinal", confidence: 0.5 })!;
    expect(narrow.low).toBeGreaterThan(wide.low);
    expect(narrow.high - narrow.low).toBeLessThan(wide.high - wide.low);
  });

  it("gives the interval that resampling unit by unit gives, whatever the units' order", () => {
    const random = mulberry32(5);
    const units = Array.from({ length: 3000 }, () => {
      const truth = 1 + Math.floor(random() * 5);
      return [truth, Math.min(5, Math.max(1, truth + Math.round(random() * 2 - 1))), random() < 0.3 ? null : truth];
    });
    // The textbook bootstrap: draw as many units as there are, with replacement, and recompute alpha.
    const unitByUnit: number[] = [];
    for (let sample = 0; sample < 1000; sample += 1) {
      unitByUnit.push(
        krippendorffAlpha(
          units.map(() => units[Math.floor(random() * units.length)]!),
          { level: "ordinal" },
        ).alpha!,
      );
    }
    unitByUnit.sort((a, b) => a - b);
    const interval = bootstrapAlphaInterval(units, { level: "ordinal", samples: 1000 })!;
    // Both estimate the same percentiles; 1000 resamples leave them a few thousandths apart at most.
    expect(Math.abs(interval.low - unitByUnit[24]!)).toBeLessThan(0.006);
    expect(Math.abs(interval.high - unitByUnit[974]!)).toBeLessThan(0.006);
    const shuffled = [...units].sort(() => random() - 0.5);
    expect(bootstrapAlphaInterval(shuffled, { level: "ordinal", samples: 1000 })).toEqual(interval);
  });

  it("is null when alpha is undefined, and rejects bad options", () => {
    expect(
      bootstrapAlphaInterval(
        [
          [3, 3],
          [3, 3],
        ],
        { level: "interval" },
      ),
    ).toBeNull();
    expect(bootstrapAlphaInterval([[1], [null, 2]], { level: "nominal" })).toBeNull();
    expect(() => bootstrapAlphaInterval(exampleUnits, { level: "nominal", samples: 0 })).toThrow(RangeError);
    expect(() => bootstrapAlphaInterval(exampleUnits, { level: "nominal", confidence: 1 })).toThrow(RangeError);
  });
});
