// How the sides one rater saw a suite's pairs on follow each other: the figure
// that tells a suite rated under the old alternating side rule (every rater's
// sequence LRLR…, never the same side twice in a row) from one rated with a
// fresh random side per pair (about half the steps keep the side, and a
// strictly alternating sequence of n pairs is a 2 in 2^n chance). Pure.

export type SideSequenceFigures = {
  /** Raters with at least MIN_PAIRS sides (shorter sequences alternate by chance too often to tell). */
  raters: number;
  /** Of them, those whose sides strictly alternate. */
  strictlyAlternating: number;
  /** How many strictly alternating sequences a fresh coin per pair gives on average: Σ 2^(1 − n). */
  alternatingByChance: number;
  /** Steps from one pair to the rater's next (over every sequence). */
  steps: number;
  /** Steps that kept the side; about half under a fresh coin, none under the old rule. */
  sameAsPrevious: number;
};

export const MIN_PAIRS = 4;

export function strictlyAlternates(sides: readonly boolean[]): boolean {
  return sides.every((side, index) => index === 0 || side !== sides[index - 1]);
}

/** `sequences`: per rater, whether the pair's first system was shown left, in claim order. */
export function sideSequenceFigures(sequences: readonly (readonly boolean[])[]): SideSequenceFigures {
  const figures: SideSequenceFigures = {
    raters: 0,
    strictlyAlternating: 0,
    alternatingByChance: 0,
    steps: 0,
    sameAsPrevious: 0,
  };
  for (const sides of sequences) {
    for (let index = 1; index < sides.length; index += 1) {
      figures.steps += 1;
      if (sides[index] === sides[index - 1]) figures.sameAsPrevious += 1;
    }
    if (sides.length < MIN_PAIRS) continue;
    figures.raters += 1;
    figures.alternatingByChance += 2 ** (1 - sides.length);
    if (strictlyAlternates(sides)) figures.strictlyAlternating += 1;
  }
  return figures;
}
