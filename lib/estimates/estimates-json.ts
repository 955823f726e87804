// The estimates as the API, the report JSON and `evalform estimate` give them
// (snake_case, unrounded, so the CLI's figures can be compared with the API's).
import type { Interval } from "./interval";
import type { RatingsEstimates } from "./ratings-estimates";

/** Which paper's equations each figure implements: stated beside the figures. */
export const ESTIMATES_NOTE =
  "human_only: the mean of the items' human labels (several humans' ratings of one item averaged into one label) " +
  "with a 95% CLT interval (ppi_py classical_mean_ci). judge_only: the judge's own mean over every item it rated, " +
  "biased by whatever bias the judge has. corrected, method ppi++: the PPI++ mean with power-tuned lambda clipped to " +
  "[0, 1] (Angelopoulos, Duchi & Zrnic 2023; ppi_py ppi_mean_ci), labelled set = items with a judge rating and human " +
  "ratings, unlabelled set = items only the judge rated. corrected, method design: the active-inference mean of " +
  "Zrnic & Candes 2024 with inverse-probability weights, the judge recalibrated as m + lambda*f (lambda power-tuned, " +
  "m the weighted mean residual); human_only is then the same estimator at lambda = 0. ratings_needed: from the " +
  "labels' variance and the residual variance after the judge's fit (the PPI++ optimal-lambda variance). A " +
  "placeholder (not rated) judge field is no judge rating; adjudication decisions and end users' ratings are not used.";

const intervalJson = (interval: Interval) => ({
  estimate: interval.estimate,
  lower: interval.lower,
  upper: interval.upper,
  standard_error: interval.standardError,
});

export function ratingsEstimatesJson(estimates: RatingsEstimates) {
  return {
    note: ESTIMATES_NOTE,
    target_width: estimates.targetWidth,
    ratings_not_used: estimates.ratingsNotUsed,
    systems: estimates.systems.map((system) => ({
      system: system.system,
      items: system.items,
      measures: system.measures.map((measure) => ({
        measure: measure.measure,
        kind: measure.kind,
        method: measure.method,
        human_only: measure.humanOnly && intervalJson(measure.humanOnly),
        judge_only: measure.judgeOnly && { ...intervalJson(measure.judgeOnly), biased: true },
        corrected: measure.corrected && { ...intervalJson(measure.corrected), lambda: measure.corrected.lambda },
        used: {
          labelled: measure.used.labelled,
          unlabelled: measure.used.unlabelled,
          human_without_judge: measure.used.humanWithoutJudge,
          human_outside_design: measure.used.humanOutsideDesign,
        },
        ratings_needed:
          measure.ratingsNeeded &&
          (measure.ratingsNeeded.reachable
            ? { reachable: true, more: measure.ratingsNeeded.more, at_labelled: measure.ratingsNeeded.atLabelled }
            : { reachable: false }),
      })),
    })),
  };
}

export type RatingsEstimatesJson = ReturnType<typeof ratingsEstimatesJson>;
