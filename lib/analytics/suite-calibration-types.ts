// A suite's gold calibration (shared by the service and its table).
import type { RaterDrift } from "./drift";

export type RaterCalibration = RaterDrift & { raterType: string; name: string };
export type SuiteCalibration = { goldRatings: number; threshold: number; window: number; raters: RaterCalibration[] };
