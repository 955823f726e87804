// Answers of the suite routes: progress, share links, the quality report, the review summary.
import { z } from "zod";
import { SKIP_REASONS } from "@/lib/queues/skip-reasons";
import { named } from "@/lib/http/route-contract";
import aifSchema from "@/schemas/aif-eval-form.schema.json";
import { dateTime, int, uuid } from "./common";

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
  }),
  "The numbers the quality report page shows: Krippendorff's alpha with ci_low/ci_high per dimension and pairing, judge trust, hazard confusion, agent pass@k, gold calibration with drift series and the error at each confidence level (calibration.confidence), SME changes, and the slice options. More keys may be present (ratings, items, distributions, judge_human_grids, likert_level).",
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
  limit: z.string().optional().describe("items per page (default 50, at most 200)"),
  offset: z.string().optional().describe("items to skip"),
  system_under_test: z.string().optional().describe("only items of this system under test"),
  modality: z.string().optional().describe("only items of this modality"),
  tag: z.string().optional().describe("only items with this tag, as key=value"),
});
