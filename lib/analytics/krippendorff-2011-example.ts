// The reliability data of Krippendorff (2011), "Computing Krippendorff's
// Alpha-Reliability", with the alphas published for it: 4 observers, 12 units.
import type { RatingValue } from "./unit-patterns";

const _ = null;

/** One row per observer (A–D), one column per unit (1–12), null where the observer gave no value. */
export const observerRows: readonly (readonly RatingValue[])[] = [
  [1, 2, 3, 3, 2, 1, 4, 1, 2, _, _, _],
  [1, 2, 3, 3, 2, 2, 4, 1, 2, 5, _, 3],
  [_, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, _],
  [1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, _],
];

/** The same data as units: what the raters gave each unit. */
export const exampleUnits: readonly (readonly RatingValue[])[] = observerRows[0]!.map((_value, unit) =>
  observerRows.map((row) => row[unit]),
);

export const publishedAlphas = { nominal: 0.743, ordinal: 0.815, interval: 0.849, ratio: 0.797 } as const;
