// The per-suite review summary (shared by the service and its tables).
export type FieldAcceptance = {
  path: string;
  accepted: number;
  edited: number;
  added: number;
  acceptanceRate: number | null;
};
export type LikertChange = { dimension: string; reviewed: number; changed: number; meanAbsoluteChange: number };
export type HazardCalls = { hazard: string; missed: number; overCalled: number };
export type ReviewSummary = {
  open: number;
  reviewed: number;
  fields: FieldAcceptance[];
  likert: LikertChange[];
  hazards: HazardCalls[];
};
