// A new suite's input (zod; also the source of the OpenAPI request body).
import { z } from "zod";
import { AdjudicationRuleInput } from "@/lib/adjudication/rule-input";

export const NewSuiteInput = z
  .object({
    name: z.string().trim().min(1, "Give the suite a name").max(200),
    key: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/, "Letters, digits and . _ : - only (it becomes task.suite_id)"),
    overlap_k: z.coerce.number().int().min(1).max(50),
    gold_share: z.coerce.number().min(0).max(1),
    hold_minutes: z.coerce.number().int().min(1).max(1440),
    rater_ids: z.array(z.string().min(1)).max(1000),
    import_ids: z.array(z.string().uuid()).max(100).default([]),
    source_suite_id: z.string().trim().max(200).optional(),
  })
  .refine((input) => input.import_ids.length > 0 || (input.source_suite_id ?? "") !== "", {
    message: "Choose at least one import or a source suite id",
    path: ["import_ids"],
  });

/** PATCH /api/suites/:id: the guidelines the suite's raters read beside the form (markdown source), and its adjudication rule. */
export const SuitePatchInput = z
  .object({
    guidelines: z.string().max(20_000, "at most 20,000 characters").optional(),
    adjudication_rule: AdjudicationRuleInput.optional(),
  })
  .strict()
  .refine((input) => input.guidelines !== undefined || input.adjudication_rule !== undefined, {
    message: "Change the guidelines or the adjudication rule",
    path: ["guidelines"],
  });
