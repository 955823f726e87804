// The bounds of a suite's numbers, apart from the zod schemas so the browser's
// forms can read them without loading zod (zod 4 probes `new Function` when a
// schema is built, which the Content-Security-Policy reports as an eval).

/** For the API's schemas and the forms' inputs (k's also in the CHECK suite_overlap_k_range). */
export const SUITE_LIMITS = {
  overlapK: { min: 1, max: 50 },
  holdMinutes: { min: 1, max: 1440 },
  goldPercent: { min: 0, max: 100 },
} as const;
