// Answer of GET /api/suites/:id/estimates: per system and measure, human-only, judge-only and corrected estimates.
import { z } from "zod";
import { named } from "@/lib/http/route-contract";
import { int, uuid } from "./common";

/** A 95 % normal (CLT) interval around an estimate. */
export const EstimateInterval = z.object({
  estimate: z.number(),
  lower: z.number(),
  upper: z.number(),
  standard_error: z.number(),
});

const measure = z.object({
  measure: z.string().describe('"likert:<dimension>", "hazard:<hazard>" (share violating) or "refusal:appropriate"'),
  kind: z.enum(["mean score", "share"]),
  method: z.enum(["ppi++", "design"]),
  human_only: EstimateInterval.nullable(),
  judge_only: EstimateInterval.extend({ biased: z.literal(true) }).nullable(),
  corrected: EstimateInterval.extend({ lambda: z.number() }).nullable(),
  used: z.object({
    labelled: int(),
    unlabelled: int(),
    human_without_judge: int(),
    human_outside_design: int(),
  }),
  ratings_needed: z
    .union([
      z.object({ reachable: z.literal(true), more: int(), at_labelled: int() }),
      z.object({ reachable: z.literal(false) }),
    ])
    .nullable(),
});

/** The estimates as the report JSON carries them (estimates-json.ts). */
export const RatingsEstimatesSchema = z.object({
  note: z.string().describe("which paper's equations each figure implements"),
  target_width: z.number().nullable(),
  ratings_not_used: int(),
  systems: z.array(z.object({ system: z.string(), items: int(), measures: z.array(measure) })),
});

export const SuiteEstimatesSchema = named(
  "SuiteEstimates",
  RatingsEstimatesSchema.extend({
    suite: z.object({ id: uuid(), key: z.string(), name: z.string() }),
    adjudications_not_used: int(),
  }),
  "Per system under test and measure: the human-only estimate, the judge-only estimate (biased) and the corrected (PPI++) estimate, each with a 95% interval, which ratings were used, and with target_width how many more human ratings the corrected interval needs.",
);
