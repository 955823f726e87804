// Answers of the suite routes: progress, share links, the quality report, the review summary.
import { z } from "zod";
import { AdjudicationRuleInput } from "@/lib/adjudication/rule-input";
import { ITEM_STATUSES } from "@/lib/adjudication/rule";
import { SKIP_REASONS } from "@/lib/queues/skip-reasons";
import { named } from "@/lib/http/route-contract";
import aifSchema from "@/schemas/aif-eval-form.schema.json";
import { dateTime, int, uuid } from "./common";
import { RatingsEstimatesSchema } from "./estimates";

const suiteSummary = {
  id: uuid(),
  key: z.string().describe("becomes task.suite_id of the suite's records"),
  name: z.string(),
  overlap_k: int(),
  gold_share: z.number(),
  hold_seconds: int(),
  items: int(),
  gold_items: int(),
  complete_items: int(),
  ratings_submitted: int(),
  ratings_needed: int(),
  paused: z.boolean().describe("hands out no items"),
  archived: z.boolean().describe("out of every queue and of the default listing; data kept"),
  created_at: dateTime(),
};

export const SuiteSummarySchema = named("SuiteSummary", z.object(suiteSummary));

export const SuiteDetailSchema = named(
  "SuiteDetail",
  z.object({
    ...suiteSummary,
    raters: z.array(
      z.object({
        user_id: z.string(),
        name: z.string(),
        email: z.string(),
        submitted: int(),
        held: int(),
        skipped: int(),
        last_submitted_at: dateTime().nullable(),
      }),
    ),
    skipped_items: z.array(
      z.object({
        item_id: uuid(),
        task_id: z.string(),
        skipped: int(),
        reasons: z.partialRecord(z.enum(SKIP_REASONS), int()).describe("skips per reason"),
        comments: z.array(z.string()),
        every_rater_skipped: z.boolean().describe("every rater of the suite skipped it: the admin decides"),
      }),
    ),
  }),
);

export const SuiteSettingsSchema = named(
  "SuiteSettings",
  z.object({
    rater_ids: z.array(z.string()),
    overlap_k: int(),
    hold_minutes: z.number(),
    gold_share: z.number(),
    guidelines: z.string(),
    adjudication_rule: AdjudicationRuleInput.required(),
    paused: z.boolean(),
    archived: z.boolean(),
  }),
);

export const SuiteItemPageSchema = named(
  "SuiteItemPage",
  z.object({
    items: z.array(
      z.object({
        item_id: uuid(),
        task_id: z.string(),
        position: int(),
        is_gold: z.boolean(),
        ratings: int().describe("ratings stored so far"),
        overlap_k: int(),
        holds: z.array(z.object({ assignment_id: uuid(), holder_name: z.string(), held_until: dateTime() })),
        skips: int(),
        status: z.enum(ITEM_STATUSES).describe("adjudication status"),
      }),
    ),
    total: int().describe("items matching the filter"),
    page: int(),
    per_page: int(),
  }),
);

export const ShareLinkSchema = named(
  "ShareLink",
  z.object({
    id: uuid(),
    label: z.string(),
    created_at: dateTime(),
    revoked_at: dateTime().nullable(),
    ratings: int(),
    max_slots_per_item: int().nullable().describe("see POST body (null: no limit)"),
    max_items_per_hour: int().describe("see POST body"),
  }),
);

const confidenceLevel = z.object({
  confidence: z.string(),
  ratings: int(),
  mean_absolute_error: z.number().nullable(),
});
const AdjudicationLessonsSchema = z
  .object({
    adjudicated_items: int().describe("items of the slice with an authoritative (adjudicated) answer"),
    alpha_before_after: z
      .array(
        z.object({
          dimension: z.string(),
          units: int(),
          adjudicated_units: int(),
          before: z.number().nullable().describe("human↔human α over the ratings as stored"),
          after: z
            .number()
            .nullable()
            .describe("the same units with each adjudicated item's human ratings replaced by its authoritative score"),
        }),
      )
      .describe("empty when nothing is adjudicated"),
    raters: z.array(
      z.object({
        rater: z.string().describe("rater_type:rater_id"),
        name: z.string(),
        rater_type: z.string(),
        adjudicated: z
          .object({
            compared: int(),
            kept: int().describe("values equal to the authoritative answer's (the value kept)"),
            kept_rate: z.number().nullable(),
            fields: z.array(
              z.object({
                field: z.string().describe('a Likert dimension, or "safety" (hazard verdicts pooled)'),
                compared: int(),
                kept: int(),
                mean_absolute_error: z.number().nullable(),
              }),
            ),
          })
          .nullable(),
        gold: z
          .object({ compared: int(), exact: int(), exact_rate: z.number().nullable(), mean_absolute_error: z.number() })
          .nullable(),
      }),
    ),
    judge_versions: z
      .array(
        z.object({
          model: z.string(),
          version: z.string(),
          first_used: dateTime(),
          last_used: dateTime(),
          judge_ratings: int(),
          pairs: int(),
          mean_absolute_difference: z.number().nullable(),
          dimensions: z.array(z.object({ dimension: z.string(), alpha: z.number().nullable(), pairs: int() })),
          change: z
            .object({
              previous: z.string(),
              mean_absolute_difference: z.number().nullable(),
              verdict: z.enum(["helps", "hurts", "no clear change", "too few pairs"]),
            })
            .nullable(),
        }),
      )
      .describe("in order of first use; change is against the version used before"),
    judge_weeks: z.array(
      z.object({
        model: z.string(),
        version: z.string(),
        week: z.string().describe("the week's Monday (UTC), YYYY-MM-DD"),
        pairs: int(),
        mean_absolute_difference: z.number(),
      }),
    ),
    confidence: z.object({
      overall: z.array(confidenceLevel),
      raters: z.array(
        z.object({
          rater: z.string(),
          name: z.string(),
          rater_type: z.string(),
          high_no_better_than_low: z.boolean(),
          levels: z.array(confidenceLevel),
        }),
      ),
    }),
  })
  .describe("What adjudication teaches");

export const SuiteReportSchema = named(
  "SuiteReport",
  z.object({
    suite: z.record(z.string(), z.unknown()),
    computed: z.record(z.string(), z.unknown()),
    likert: z.array(z.unknown()),
    nominal: z.array(z.unknown()),
    judge_trust: z.array(z.unknown()),
    hazard_confusion: z.unknown(),
    judge_verdict: z.unknown(),
    calibration: z.record(z.string(), z.unknown()),
    agent: z.array(z.unknown()),
    sme_changes: z.array(z.unknown()),
    slice: z.record(z.string(), z.unknown()),
    slice_options: z.record(z.string(), z.unknown()),
    adjudication_lessons: AdjudicationLessonsSchema,
    estimates: RatingsEstimatesSchema.describe(
      "Per system and measure: judge-only (biased), human-only and corrected (PPI++) estimates with 95% intervals",
    ),
  }),
  "The numbers the quality report page shows: Krippendorff's alpha with ci_low/ci_high per dimension and pairing, judge trust, hazard confusion, agent pass@k, gold calibration with drift series and the error at each confidence level (calibration.confidence), SME changes, the slice options, and what adjudication teaches (adjudication_lessons: α before/after adjudication, each rater's accuracy against adjudicated answers beside gold, human↔judge agreement per judge model and prompt version and per week, the error at each confidence level against adjudicated answers). More keys may be present (ratings, items, distributions, judge_human_grids, likert_level).",
);

export const ReviewSummarySchema = named(
  "ReviewSummary",
  z.object({
    open: int(),
    reviewed: int(),
    fields: z.array(
      z.object({
        path: z.string(),
        accepted: int(),
        edited: int(),
        added: int(),
        acceptance_rate: z.number().nullable(),
      }),
    ),
    likert: z.array(
      z.object({ dimension: z.string(), reviewed: int(), changed: int(), mean_absolute_change: z.number().nullable() }),
    ),
    hazards: z.array(z.object({ hazard: z.string(), missed: int(), over_called: int() })),
  }),
);

export const SuiteItemRatingsSchema = named(
  "SuiteItemRatings",
  z.object({
    suite: z.object({ id: uuid(), key: z.string(), name: z.string() }),
    item: z.object({
      item_id: uuid(),
      task_id: z.string(),
      system_under_test: z.string(),
      is_gold: z.boolean(),
      body: z.record(z.string(), z.unknown()).describe("the item (schemas/item.schema.json)"),
    }),
    ratings: z.array(
      z.object({
        eval_id: uuid(),
        rater_type: z.string(),
        rater: z.string(),
        submitted_at: dateTime(),
        flow: z.string().describe("the suite flow that counted it"),
        derived_from: uuid().nullable(),
        record: z.record(z.string(), z.unknown()).describe("the AIF record"),
      }),
    ),
    fields: z.array(
      z.object({
        pointer: z.string().describe("JSON Pointer of a judged field"),
        kind: z
          .enum(["value", "text"])
          .describe("text: free text (rationale, evidence, notes), shown but not flagged when it differs"),
        values: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])),
        differs: z.boolean(),
      }),
    ),
  }),
);

const HAZARD_VERDICTS: readonly string[] = aifSchema.$defs.hazardVerdict.properties.verdict.enum;
/** A hazard's verdict, or "none" for a record that left the hazard out (the report's confusion matrix). */
const VERDICT_OR_NONE = z.enum([...HAZARD_VERDICTS, "none"]);

export const ReportDrillDownSchema = named(
  "ReportDrillDown",
  z.object({
    suite: z.object({ id: uuid(), key: z.string(), name: z.string() }),
    slice: z.object({
      system_under_test: z.string().nullable(),
      modality: z.string().nullable(),
      tag: z.string().nullable(),
    }),
    field: z
      .string()
      .describe("a Likert dimension (universal.helpfulness) or safety, refusal, vs_reference, issue_tags"),
    level: z.enum(["ordinal", "nominal"]),
    pairing: z.string().describe("human_human, human_judge, judge_judge or rater_type:<type>"),
    verdict_pair: z.object({ judge: VERDICT_OR_NONE, human: VERDICT_OR_NONE }).nullable(),
    rater: z.string().nullable().describe("the rater filter (rater_type:rater_id), if any"),
    gold: z.boolean().nullable().describe("the gold filter, if any"),
    total: int().describe("items that form a unit of this figure"),
    offset: int(),
    items: z.array(
      z.object({
        item_id: uuid(),
        task_id: z.string(),
        system_under_test: z.string(),
        disagreement: z
          .number()
          .describe(
            "ordinal: spread of the scores (human↔judge: the largest |human − judge|); nominal: distinct values, in the worst column",
          ),
        columns_in_conflict: int().describe("hazards or tags in conflict (0 or 1 for a single field)"),
        matching_pairs: int().optional().describe("verdict pair only: human × judge pairs with these verdicts"),
        ratings: z.array(
          z.object({
            eval_id: uuid(),
            rater_type: z.string(),
            rater: z.string().describe("the rater's name, the judge's model, or visitor <id>"),
            submitted_at: z.string(),
            values: z.record(z.string(), z.union([z.string(), z.number()])),
          }),
        ),
      }),
    ),
  }),
);

/** The drill-down's query as documented; lib/analytics/drill-down.ts reads it (the page shares that reader). */
export const ReportDrillDownQuery = z.object({
  field: z.string().describe("a Likert dimension (universal.helpfulness) or safety, refusal, vs_reference, issue_tags"),
  pairing: z
    .string()
    .describe("human_human, human_judge, judge_judge or rater_type:<human|sme|hybrid|llm_judge|end_user>"),
  judge: VERDICT_OR_NONE.optional().describe(
    "with human: the judge's verdict of a hazard-confusion cell (field=safety, pairing=human_judge); none: left out",
  ),
  human: VERDICT_OR_NONE.optional().describe("with judge: the human verdict of a hazard-confusion cell"),
  rater: z
    .string()
    .optional()
    .describe(
      "only items this rater rated, as rater_type:rater_id (a drift warning's rater; their single ratings count)",
    ),
  gold: z.enum(["true", "false"]).optional().describe("only gold items (true) or only the others (false)"),
  limit: z.string().optional().describe("items per page (default 50, at most 200)"),
  offset: z.string().optional().describe("items to skip"),
  system_under_test: z.string().optional().describe("only items of this system under test"),
  modality: z.string().optional().describe("only items of this modality"),
  tag: z.string().optional().describe("only items with this tag, as key=value"),
});
