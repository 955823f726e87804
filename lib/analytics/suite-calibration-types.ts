// A suite's gold calibration (shared by the service and its table).
import type { ConfidenceLevel, RaterConfidence } from "./confidence-calibration";
import type { RaterDrift } from "./drift";

export type RaterCalibration = RaterDrift & { raterType: string; name: string };
export type RaterConfidenceCalibration = RaterConfidence & { raterType: string; name: string };
export type SuiteCalibration = {
  goldRatings: number;
  threshold: number;
  window: number;
  raters: RaterCalibration[];
  /** Error against gold at each self-reported confidence level. */
  confidence: { overall: ConfidenceLevel[]; raters: RaterConfidenceCalibration[] };
};
