// Rater drift on gold items: per rater and dimension, the signed and absolute
// error against the calibration target over time, with a rolling window; a
// rater drifts when the window's mean absolute error passes the threshold.
export type GoldRating = { rater: string; at: Date; errors: Record<string, number> };
export type DimensionDrift = {
  dimension: string;
  ratings: number;
  meanSignedError: number;
  meanAbsoluteError: number;
  /** Mean absolute error of the last `window` gold ratings of this dimension. */
  recentAbsoluteError: number;
  /** Rolling mean signed error after each gold rating, oldest first (for drift lines). */
  series: { at: Date; signedError: number; rollingSignedError: number }[];
};
export type RaterDrift = { rater: string; goldRatings: number; dimensions: DimensionDrift[]; drifting: string[] };
export type DriftOptions = { window: number; threshold: number; minRatings: number };

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

export function raterDrift(ratings: GoldRating[], options: DriftOptions): RaterDrift[] {
  const byRater = new Map<string, GoldRating[]>();
  for (const rating of ratings) byRater.set(rating.rater, [...(byRater.get(rating.rater) ?? []), rating]);
  return [...byRater.entries()]
    .map(([rater, own]) => {
      const sorted = [...own].sort((a, b) => a.at.getTime() - b.at.getTime());
      const dimensionNames = [...new Set(sorted.flatMap((rating) => Object.keys(rating.errors)))].sort();
      const dimensions = dimensionNames.map((dimension): DimensionDrift => {
        const points = sorted
          .filter((rating) => rating.errors[dimension] !== undefined)
          .map((rating) => ({ at: rating.at, error: rating.errors[dimension]! }));
        const series = points.map((point, index) => ({
          at: point.at,
          signedError: point.error,
          rollingSignedError: mean(
            points.slice(Math.max(0, index + 1 - options.window), index + 1).map((entry) => entry.error),
          ),
        }));
        const recent = points.slice(-options.window).map((point) => Math.abs(point.error));
        return {
          dimension,
          ratings: points.length,
          meanSignedError: mean(points.map((point) => point.error)),
          meanAbsoluteError: mean(points.map((point) => Math.abs(point.error))),
          recentAbsoluteError: mean(recent),
          series,
        };
      });
      const drifting = dimensions
        .filter(
          (entry) =>
            Math.min(entry.ratings, options.window) >= options.minRatings &&
            entry.recentAbsoluteError > options.threshold,
        )
        .map((entry) => entry.dimension);
      return { rater, goldRatings: sorted.length, dimensions, drifting };
    })
    .sort((a, b) => b.drifting.length - a.drifting.length || a.rater.localeCompare(b.rater));
}
