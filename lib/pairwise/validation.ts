// Inputs of the pairwise area (zod; also the source of the OpenAPI bodies).
import { z } from "zod";
import { SUITE_LIMITS } from "@/lib/suites/limits";
import { ActiveMsField } from "@/lib/work-items/active-time";
import { PREFERENCE_LEVELS } from "./preference";

const { overlapK, holdMinutes } = SUITE_LIMITS;

export const PAIRWISE_DESIGNS = ["baseline", "all_pairs"] as const;
export type PairwiseDesign = (typeof PAIRWISE_DESIGNS)[number];

export const NewPairwiseSuiteInput = z
  .object({
    name: z.string().trim().min(1, "Give the suite a name").max(200),
    key: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/, "Letters, digits and . _ : - only (it becomes task.suite_id)"),
    design: z.enum(PAIRWISE_DESIGNS),
    baseline_system: z.string().trim().min(1).max(500).optional(),
    overlap_k: z.coerce.number().int().min(overlapK.min).max(overlapK.max),
    hold_minutes: z.coerce.number().int().min(holdMinutes.min).max(holdMinutes.max).default(30),
    import_ids: z.array(z.string().uuid()).min(1, "Choose the imports holding the systems' outputs").max(100),
    rater_ids: z
      .array(z.string().min(1))
      .max(1000)
      .default([])
      .describe("the raters and SMEs who may compare its pairs (see open_to_all_raters)"),
    open_to_all_raters: z
      .boolean()
      .default(false)
      .describe("any rater or SME may compare its pairs, whatever rater_ids says"),
    verdict_only: z
      .boolean()
      .default(false)
      .describe("a verdict and its reason are enough: the per-response rubric is optional"),
  })
  .refine((input) => input.design !== "baseline" || input.baseline_system !== undefined, {
    message: "Name the baseline system every other is compared with",
    path: ["baseline_system"],
  })
  .refine((input) => input.design === "baseline" || input.baseline_system === undefined, {
    message: "An all-pairs suite has no baseline",
    path: ["baseline_system"],
  });

const Preference = z.string().refine((value) => PREFERENCE_LEVELS.includes(value), {
  message: `one of ${PREFERENCE_LEVELS.join(", ")}`,
});

/**
 * A pair's submit: the preference from Response 1's side (the left one), the
 * rationale, and the rest of the form per response, in the order shown.
 */
export const PairSubmitInput = z.object({
  preference: Preference,
  rationale: z.string().trim().min(1, "Say why").max(2000),
  responses: z.tuple([z.record(z.string(), z.unknown()), z.record(z.string(), z.unknown())]),
  active_ms: ActiveMsField,
});
export type PairSubmit = z.infer<typeof PairSubmitInput>;

/**
 * PATCH /api/pairwise/suites/:id: any of the suite's settings (each left out
 * keeps its value), as an item suite's are changed (lib/suites/validation.ts).
 */
export const PairwiseSuitePatchInput = z
  .object({
    rater_ids: z.array(z.string().min(1)).max(1000).describe("every rater of the suite after the change").optional(),
    open_to_all_raters: z
      .boolean()
      .describe("any rater or SME may compare its pairs; false: only those in rater_ids")
      .optional(),
    reviewer_ids: z
      .array(z.string().min(1))
      .max(500)
      .describe("every SME who reviews the judge's verdicts after the change")
      .optional(),
    overlap_k: z
      .number()
      .int()
      .min(overlapK.min)
      .max(overlapK.max)
      .describe("never below the judgments a pair already has")
      .optional(),
    hold_minutes: z.number().int().min(holdMinutes.min).max(holdMinutes.max).optional(),
    guidelines: z.string().max(20_000, "at most 20,000 characters").optional(),
    verdict_only: z.boolean().describe("a verdict and its reason are enough: the rubric is optional").optional(),
    paused: z.boolean().describe("a paused suite hands out no pairs").optional(),
    archived: z
      .boolean()
      .describe("an archived suite is out of every queue and default listing; its records stay exportable")
      .optional(),
  })
  .strict()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: "Change at least one setting",
    path: ["guidelines"],
  });
export type PairwiseSuitePatch = z.output<typeof PairwiseSuitePatchInput>;

/** The SMEs who review the suite's judge verdicts: the whole list (an empty one removes every SME). */
export const PairwiseReviewersInput = z.object({ reviewer_ids: z.array(z.string().min(1)).max(500) }).strict();

/** Settings of a pairwise judge run; the endpoint and model come from the configuration. */
export const StartPairwiseJudgeRunInput = z.object({ temperature: z.number().min(0).max(2).default(0) }).strict();

/**
 * A pair's draft as the page autosaves it: the submit's fields, any of them
 * still missing. Each response is checked as a form draft (lib/work-items/draft-input).
 */
export const PairDraftInput = z
  .object({
    preference: Preference.nullable().optional(),
    rationale: z.string().max(2000).optional(),
    responses: z.tuple([z.record(z.string(), z.unknown()), z.record(z.string(), z.unknown())]).optional(),
  })
  .strict();
export type PairDraft = z.infer<typeof PairDraftInput>;
