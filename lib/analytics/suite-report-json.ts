// The suite report as the API answers it (snake_case), the same numbers the page shows.
import type { AlphaCell } from "./agreement-report";
import type { SuiteReport } from "./suite-report";

const alphaJson = (cell: AlphaCell) => ({ alpha: cell.alpha, ci_low: cell.low, ci_high: cell.high, units: cell.units, values: cell.values });

export function suiteReportJson(report: SuiteReport) {
  return {
    suite: report.suite,
    ratings: report.ratings,
    items: report.items,
    likert: report.likert.map((entry) => ({
      dimension: entry.dimension,
      human_human: alphaJson(entry.humanHuman),
      human_judge: alphaJson(entry.humanJudge),
      judge_judge: alphaJson(entry.judgeJudge),
      by_rater_type: Object.fromEntries(Object.entries(entry.byRaterType).map(([type, cell]) => [type, alphaJson(cell)])),
    })),
    nominal: report.nominal.map((entry) => ({ field: entry.field, human_human: alphaJson(entry.humanHuman), human_judge: alphaJson(entry.humanJudge), judge_judge: alphaJson(entry.judgeJudge) })),
    judge_trust: report.judgeTrust.map((entry) => ({ dimension: entry.dimension, pairs: entry.pairs, quadratic_weighted_kappa: entry.kappa, mean_absolute_difference: entry.meanAbsoluteDifference })),
    hazard_confusion: report.hazardConfusion,
    sme_changes: report.smeChanges.map((field) => ({ path: field.path, accepted: field.accepted, edited: field.edited, added: field.added, acceptance_rate: field.acceptanceRate })),
  };
}
