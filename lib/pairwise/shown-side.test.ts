// The side a pair's first system is shown on, in figures: over 1,000
// simulated raters × 12 pairs drawn as the claims draw them (drawShownLeft),
// strictly alternating sequences are as rare as chance makes them (2 in
// 4,096 per rater), and the side keeps from one pair to the next about half
// the time, whichever side the previous pair had. The same checks refuse the
// old rule (a coin, then always the other side).
import { describe, expect, it } from "vitest";
import { drawShownLeft } from "./shown-side";
import { sideSequenceFigures, strictlyAlternates } from "./side-sequences";

const RATERS = 1000;
const PAIRS = 12;
/** A bound a fair process crosses less often than once in a million runs. */
const ALPHA = 1e-6;

/** The smallest k with P(X > k) < alpha for X ~ Binomial(n, p). */
function binomialUpperBound(n: number, p: number, alpha: number): number {
  let term = (1 - p) ** n; // P(X = 0)
  let cumulative = term;
  for (let k = 0; k < n; k += 1) {
    if (1 - cumulative < alpha) return k;
    term *= ((n - k) / (k + 1)) * (p / (1 - p));
    cumulative += term;
  }
  return n;
}

/** ±z standard deviations around n·p, with z for a two-sided alpha of about 1e-6 (normal approximation). */
function binomialBand(n: number, p: number): [number, number] {
  const z = 4.9;
  const sd = Math.sqrt(n * p * (1 - p));
  return [n * p - z * sd, n * p + z * sd];
}

function simulate(side: (previous: boolean | undefined) => boolean): boolean[][] {
  return Array.from({ length: RATERS }, () => {
    const sides: boolean[] = [];
    for (let index = 0; index < PAIRS; index += 1) sides.push(side(sides.at(-1)));
    return sides;
  });
}

/** The checks of blindness; each returns what failed, so the old rule can be shown to fail them. */
function blindnessFailures(sequences: boolean[][]): string[] {
  const failures: string[] = [];
  const figures = sideSequenceFigures(sequences);
  const chance = 2 / 2 ** PAIRS;
  const alternatingBound = binomialUpperBound(RATERS, chance, ALPHA);
  if (figures.strictlyAlternating > alternatingBound)
    failures.push(`${figures.strictlyAlternating} of ${RATERS} strictly alternate (bound ${alternatingBound})`);
  // Independent of the previous pair: after a left and after a right alike, the side keeps about half the time.
  for (const previous of [true, false]) {
    let steps = 0;
    let kept = 0;
    for (const sides of sequences)
      for (let index = 1; index < sides.length; index += 1)
        if (sides[index - 1] === previous) {
          steps += 1;
          if (sides[index] === previous) kept += 1;
        }
    const [low, high] = binomialBand(steps, 0.5);
    if (kept < low || kept > high)
      failures.push(`after ${previous ? "left" : "right"}: ${kept} of ${steps} kept the side`);
  }
  const [low, high] = binomialBand(figures.steps, 0.5);
  if (figures.sameAsPrevious < low || figures.sameAsPrevious > high)
    failures.push(`${figures.sameAsPrevious} of ${figures.steps} steps kept the side`);
  const lefts = sequences.flat().filter(Boolean).length;
  const [leftLow, leftHigh] = binomialBand(RATERS * PAIRS, 0.5);
  if (lefts < leftLow || lefts > leftHigh) failures.push(`${lefts} of ${RATERS * PAIRS} shown left`);
  return failures;
}

describe("the side a pair's first system is shown on", () => {
  it("over 1,000 raters × 12 pairs: alternation at chance, each side independent of the previous pair", () => {
    const sequences = simulate(() => drawShownLeft());
    expect(blindnessFailures(sequences)).toEqual([]);
    const figures = sideSequenceFigures(sequences);
    expect(figures.raters).toBe(RATERS);
    expect(figures.alternatingByChance).toBeCloseTo((RATERS * 2) / 4096, 9);
  });

  it("the same checks refuse the old rule (a coin for the first pair, then always the other side)", () => {
    const oldRule = (previous: boolean | undefined) => (previous === undefined ? drawShownLeft() : !previous);
    const failures = blindnessFailures(simulate(oldRule));
    expect(failures).toContainEqual(expect.stringMatching(/^1000 of 1000 strictly alternate/));
    expect(failures).toContainEqual(expect.stringMatching(/^0 of 11000 steps kept the side/));
  });

  it("binomialUpperBound and strictlyAlternates say what they should", () => {
    // 1,000 raters with a 2-in-4,096 chance each: 0.49 expected, more than 6 less often than 1 in 10^6.
    expect(binomialUpperBound(RATERS, 2 / 4096, ALPHA)).toBe(6);
    expect(strictlyAlternates([true, false, true, false])).toBe(true);
    expect(strictlyAlternates([true, false, false, true])).toBe(false);
    expect(
      sideSequenceFigures([
        [true, false, true],
        [true, true, false, true],
      ]),
    ).toEqual({
      raters: 1,
      strictlyAlternating: 0,
      alternatingByChance: 2 ** -3,
      steps: 5,
      sameAsPrevious: 1,
    });
  });
});
