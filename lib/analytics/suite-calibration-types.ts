// A suite's gold calibration (shared by the service and its table).
import type { ConfidenceLevel, RaterConfidence } from "./confidence-calibration";
import type { RaterDrift } from "./drift";
import type { GoldAccuracy } from "./adjudication-lessons";

export type RaterCalibration = RaterDrift & { raterType: string; name: string };
export type RaterConfidenceCalibration = RaterConfidence & { raterType: string; name: string };
export type SuiteCalibration = {
  goldRatings: number;
  threshold: number;
  window: number;
  raters: RaterCalibration[];
  /** Error against gold at each self-reported confidence level. */
  confidence: { overall: ConfidenceLevel[]; raters: RaterConfidenceCalibration[] };
  /** Per rater, exact hits and mean absolute error on gold scores (absent in reports cached before it existed). */
  accuracy?: GoldAccuracy[];
};
