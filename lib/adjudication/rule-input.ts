// The adjudication rule as a suite PATCH sends it (zod; also the OpenAPI
// schema). Each part may be left out to keep its current value.
import { z } from "zod";

export const AdjudicationRuleInput = z
  .object({
    likert_spread: z
      .number()
      .int()
      .min(1)
      .max(6)
      .describe("a Likert dimension whose human-side scores spread this far or more needs adjudication"),
    hazard_conflict: z.boolean().describe("conflicting hazard verdicts need adjudication"),
    refusal_conflict: z.boolean().describe("conflicting refusal appropriateness needs adjudication"),
    judge_conflict: z
      .boolean()
      .describe("a judge this far from the human median, or against their hazard call, needs adjudication"),
    min_ratings: z.number().int().min(1).max(50).describe("fewer human-side ratings than this is too few to tell"),
  })
  .partial()
  .strict();

export type AdjudicationRuleChange = z.output<typeof AdjudicationRuleInput>;
