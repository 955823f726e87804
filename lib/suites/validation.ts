// A new suite's input (zod; also the source of the OpenAPI request body).
import { z } from "zod";
import { AdjudicationRuleInput } from "@/lib/adjudication/rule-input";
import { ITEM_STATUSES } from "@/lib/adjudication/rule";
import { SUITE_LIMITS } from "@/lib/suites/limits";

const { overlapK, holdMinutes } = SUITE_LIMITS;

export const NewSuiteInput = z
  .object({
    name: z.string().trim().min(1, "Give the suite a name").max(200),
    key: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/, "Letters, digits and . _ : - only (it becomes task.suite_id)"),
    overlap_k: z.coerce.number().int().min(overlapK.min).max(overlapK.max),
    gold_share: z.coerce.number().min(0).max(1),
    hold_minutes: z.coerce.number().int().min(holdMinutes.min).max(holdMinutes.max),
    rater_ids: z.array(z.string().min(1)).max(1000),
    import_ids: z.array(z.string().uuid()).max(100).default([]),
    source_suite_id: z.string().trim().max(200).optional(),
  })
  .refine((input) => input.import_ids.length > 0 || (input.source_suite_id ?? "") !== "", {
    message: "Choose at least one import or a source suite id",
    path: ["import_ids"],
  });

/**
 * PATCH /api/suites/:id: any of the suite's settings (each left out keeps its
 * value): raters (the whole list), overlap k, hold time, gold share, the
 * guidelines raters read beside the form, the adjudication rule, paused and archived.
 */
export const SuitePatchInput = z
  .object({
    rater_ids: z.array(z.string().min(1)).max(1000).describe("every rater of the suite after the change").optional(),
    overlap_k: z
      .number()
      .int()
      .min(overlapK.min)
      .max(overlapK.max)
      .describe("never below the ratings already stored for an item")
      .optional(),
    hold_minutes: z.number().int().min(holdMinutes.min).max(holdMinutes.max).optional(),
    gold_share: z.number().min(0).max(1).optional(),
    guidelines: z.string().max(20_000, "at most 20,000 characters").optional(),
    adjudication_rule: AdjudicationRuleInput.optional(),
    paused: z.boolean().describe("a paused suite hands out no items").optional(),
    archived: z
      .boolean()
      .describe("an archived suite is out of every queue and default listing; its data stays")
      .optional(),
  })
  .strict()
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: "Change at least one setting",
    path: ["guidelines"],
  });

export type SuitePatch = z.output<typeof SuitePatchInput>;

/** GET /api/suites/:id/item-progress: a page of the suite's items, narrowed. */
export const ITEM_PAGE_SIZES = [25, 50, 100] as const;
export const SuiteItemPageQuery = z.object({
  status: z.enum(ITEM_STATUSES).optional().describe("only items with this adjudication status"),
  gold: z.enum(["yes", "no"]).optional().describe("only gold items, or only the others"),
  holds: z.enum(["yes", "no"]).optional().describe("only items someone holds now, or only the others"),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce
    .number()
    .int()
    .refine((size) => (ITEM_PAGE_SIZES as readonly number[]).includes(size), "25, 50 or 100")
    .default(50),
});
export type SuiteItemPageFilter = z.output<typeof SuiteItemPageQuery>;

/** POST /api/suites/:id/items: items to add to a suite that may be running, chosen as a new suite's are. */
export const AddSuiteItemsInput = z
  .object({
    import_ids: z.array(z.string().uuid()).max(100).default([]),
    source_suite_id: z.string().trim().max(200).optional().describe("items whose task.suite_id is this"),
    item_ids: z.array(z.string().uuid()).max(10_000).default([]).describe("items picked one by one"),
  })
  .strict()
  .refine((input) => input.import_ids.length > 0 || input.item_ids.length > 0 || (input.source_suite_id ?? "") !== "", {
    message: "Choose at least one import, a source suite id or items",
    path: ["import_ids"],
  });
