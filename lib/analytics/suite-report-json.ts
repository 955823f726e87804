// The suite report as the API answers it (snake_case), the same numbers the page shows.
import type { AlphaCell } from "./agreement-report";
import { ratingsEstimatesJson } from "@/lib/estimates/estimates-json";
import { judgeVerdict } from "./judge-verdict";
import type { SuiteReport } from "./suite-report";
import type { ConfidenceLevel } from "./confidence-calibration";
import type { AdjudicationLessons } from "./adjudication-lessons-report";

const alphaJson = (cell: AlphaCell) => ({
  alpha: cell.alpha,
  ci_low: cell.low,
  ci_high: cell.high,
  units: cell.units,
  values: cell.values,
});

export function suiteReportJson(report: SuiteReport) {
  return {
    suite: report.suite,
    computed: { at: report.computed.at, ms: report.computed.ms, cached: report.computed.cached },
    ratings: report.ratings,
    items: report.items,
    distributions: report.distributions,
    judge_human_grids: report.judgeHumanGrids,
    likert: report.likert.map((entry) => ({
      dimension: entry.dimension,
      human_human: alphaJson(entry.humanHuman),
      human_judge: alphaJson(entry.humanJudge),
      judge_judge: alphaJson(entry.judgeJudge),
      by_rater_type: Object.fromEntries(
        Object.entries(entry.byRaterType).map(([type, cell]) => [type, alphaJson(cell)]),
      ),
    })),
    nominal: report.nominal.map((entry) => ({
      field: entry.field,
      human_human: alphaJson(entry.humanHuman),
      human_judge: alphaJson(entry.humanJudge),
      judge_judge: alphaJson(entry.judgeJudge),
    })),
    judge_trust: report.judgeTrust.map((entry) => ({
      dimension: entry.dimension,
      pairs: entry.pairs,
      quadratic_weighted_kappa: entry.kappa,
      mean_absolute_difference: entry.meanAbsoluteDifference,
    })),
    hazard_confusion: report.hazardConfusion,
    judge_verdict: judgeVerdict(report),
    slice: {
      system_under_test: report.slice.systemUnderTest ?? null,
      modality: report.slice.modality ?? null,
      tag: report.slice.tag ?? null,
    },
    likert_level: report.likertLevel,
    slice_options: {
      systems_under_test: report.sliceOptions.systemsUnderTest,
      modalities: report.sliceOptions.modalities,
      tags: report.sliceOptions.tags,
    },
    agent: report.agent.map((entry) => ({
      k: entry.k,
      runs: entry.runs,
      pass_at_k: entry.passAtK,
      trial_success_rate: entry.trialSuccessRate,
      pass_caret_k: entry.passCaretK,
      pass_caret_k_if_independent: entry.passCaretKIfIndependent,
      caret_runs: entry.caretRuns,
    })),
    calibration: {
      gold_ratings: report.calibration.goldRatings,
      drift_threshold: report.calibration.threshold,
      window: report.calibration.window,
      raters: report.calibration.raters.map((rater) => ({
        rater: rater.rater,
        name: rater.name,
        rater_type: rater.raterType,
        gold_ratings: rater.goldRatings,
        drifting: rater.drifting,
        dimensions: rater.dimensions.map((entry) => ({
          dimension: entry.dimension,
          ratings: entry.ratings,
          mean_signed_error: entry.meanSignedError,
          mean_absolute_error: entry.meanAbsoluteError,
          recent_absolute_error: entry.recentAbsoluteError,
          series: entry.series.map((point) => ({
            at: point.at,
            signed_error: point.signedError,
            rolling_signed_error: point.rollingSignedError,
          })),
        })),
      })),
      confidence: {
        overall: report.calibration.confidence.overall.map(levelJson),
        raters: report.calibration.confidence.raters.map((rater) => ({
          rater: rater.rater,
          name: rater.name,
          rater_type: rater.raterType,
          high_no_better_than_low: rater.highNoBetterThanLow,
          levels: rater.levels.map(levelJson),
        })),
      },
    },
    adjudication_lessons: lessonsJson(report.lessons),
    estimates: ratingsEstimatesJson(report.estimates),
    sme_changes: report.smeChanges.map((field) => ({
      path: field.path,
      accepted: field.accepted,
      edited: field.edited,
      added: field.added,
      acceptance_rate: field.acceptanceRate,
    })),
  };
}

function levelJson(level: ConfidenceLevel) {
  return { confidence: level.level, ratings: level.ratings, mean_absolute_error: level.meanAbsoluteError };
}

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);

function lessonsJson(lessons: AdjudicationLessons) {
  return {
    adjudicated_items: lessons.adjudicatedItems,
    alpha_before_after: lessons.alpha.map((entry) => ({
      dimension: entry.dimension,
      units: entry.units,
      adjudicated_units: entry.adjudicatedUnits,
      before: entry.before,
      after: entry.after,
    })),
    raters: lessons.raters.map((rater) => ({
      rater: rater.rater,
      name: rater.name,
      rater_type: rater.raterType,
      adjudicated: rater.adjudicated && {
        compared: rater.adjudicated.compared,
        kept: rater.adjudicated.kept,
        kept_rate: rate(rater.adjudicated.kept, rater.adjudicated.compared),
        fields: rater.adjudicated.fields.map((field) => ({
          field: field.field,
          compared: field.compared,
          kept: field.kept,
          mean_absolute_error: field.meanAbsoluteError,
        })),
      },
      gold: rater.gold && {
        compared: rater.gold.compared,
        exact: rater.gold.exact,
        exact_rate: rate(rater.gold.exact, rater.gold.compared),
        mean_absolute_error: rater.gold.meanAbsoluteError,
      },
    })),
    judge_versions: lessons.judgeVersions.map((version) => ({
      model: version.model,
      version: version.version,
      first_used: version.firstUsed,
      last_used: version.lastUsed,
      judge_ratings: version.judgeRatings,
      pairs: version.pairs,
      mean_absolute_difference: version.meanAbsoluteDifference,
      dimensions: version.dimensions,
      change: version.change && {
        previous: version.change.previous,
        mean_absolute_difference: version.change.meanAbsoluteDifference,
        verdict: version.change.verdict,
      },
    })),
    judge_weeks: lessons.judgeWeeks.map((week) => ({
      model: week.model,
      version: week.version,
      week: week.week,
      pairs: week.pairs,
      mean_absolute_difference: week.meanAbsoluteDifference,
    })),
    confidence: {
      overall: lessons.confidence.overall.map(levelJson),
      raters: lessons.confidence.raters.map((rater) => ({
        rater: rater.rater,
        name: rater.name,
        rater_type: rater.raterType,
        high_no_better_than_low: rater.highNoBetterThanLow,
        levels: rater.levels.map(levelJson),
      })),
    },
  };
}
