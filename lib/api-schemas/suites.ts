// Answers of the suite routes: progress, share links, the quality report, the review summary.
import { z } from "zod";
import { SKIP_REASONS } from "@/lib/queues/skip-reasons";
import { named } from "@/lib/http/route-contract";
import { dateTime, int, uuid } from "./common";

const suiteSummary = {
  id: uuid(), key: z.string().describe("becomes task.suite_id of the suite's records"), name: z.string(), overlap_k: int(), gold_share: z.number(), hold_seconds: int(),
  items: int(), gold_items: int(), complete_items: int(), ratings_submitted: int(), ratings_needed: int(), created_at: dateTime(),
};

export const SuiteSummarySchema = named("SuiteSummary", z.object(suiteSummary));

export const SuiteDetailSchema = named("SuiteDetail", z.object({
  ...suiteSummary,
  raters: z.array(z.object({ user_id: z.string(), name: z.string(), email: z.string(), submitted: int(), held: int(), skipped: int(), last_submitted_at: dateTime().nullable() })),
  skipped_items: z.array(z.object({
    item_id: uuid(), task_id: z.string(), skipped: int(), reasons: z.partialRecord(z.enum(SKIP_REASONS), int()).describe("skips per reason"), comments: z.array(z.string()),
    every_rater_skipped: z.boolean().describe("every rater of the suite skipped it: the admin decides"),
  })),
}));

export const ShareLinkSchema = named("ShareLink", z.object({
  id: uuid(), label: z.string(), created_at: dateTime(), revoked_at: dateTime().nullable(), ratings: int(),
  max_slots_per_item: int().nullable().describe("see POST body (null: no limit)"), max_items_per_hour: int().describe("see POST body"),
}));

export const SuiteReportSchema = named("SuiteReport", z.object({
  suite: z.record(z.string(), z.unknown()), computed: z.record(z.string(), z.unknown()), likert: z.array(z.unknown()), nominal: z.array(z.unknown()),
  judge_trust: z.array(z.unknown()), hazard_confusion: z.unknown(), judge_verdict: z.unknown(), calibration: z.record(z.string(), z.unknown()),
  agent: z.array(z.unknown()), sme_changes: z.array(z.unknown()), slice: z.record(z.string(), z.unknown()), slice_options: z.record(z.string(), z.unknown()),
}), "The numbers the quality report page shows: Krippendorff's alpha with ci_low/ci_high per dimension and pairing, judge trust, hazard confusion, agent pass@k, gold calibration with drift series and the error at each confidence level (calibration.confidence), SME changes, and the slice options. More keys may be present (ratings, items, distributions, judge_human_grids, likert_level).");

export const ReviewSummarySchema = named("ReviewSummary", z.object({
  open: int(), reviewed: int(),
  fields: z.array(z.object({ path: z.string(), accepted: int(), edited: int(), added: int(), acceptance_rate: z.number().nullable() })),
  likert: z.array(z.object({ dimension: z.string(), reviewed: int(), changed: int(), mean_absolute_change: z.number().nullable() })),
  hazards: z.array(z.object({ hazard: z.string(), missed: int(), over_called: int() })),
}));

export const SuiteItemRatingsSchema = named("SuiteItemRatings", z.object({
  suite: z.object({ id: uuid(), key: z.string(), name: z.string() }),
  item: z.object({ item_id: uuid(), task_id: z.string(), system_under_test: z.string(), is_gold: z.boolean(), body: z.record(z.string(), z.unknown()).describe("the item (schemas/item.schema.json)") }),
  ratings: z.array(z.object({
    eval_id: uuid(), rater_type: z.string(), rater: z.string(), submitted_at: dateTime(), flow: z.string().describe("the suite flow that counted it"),
    derived_from: uuid().nullable(), record: z.record(z.string(), z.unknown()).describe("the AIF record"),
  })),
  fields: z.array(z.object({ pointer: z.string().describe("JSON Pointer of a judged field"), values: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])), differs: z.boolean() })),
}));
