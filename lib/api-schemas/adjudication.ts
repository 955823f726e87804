// Answers of the adjudication routes: item statuses, the queue, one
// adjudication (the item's ratings side by side and the consensus draft), a
// submitted decision.
import { z } from "zod";
import { ITEM_STATUSES } from "@/lib/adjudication/rule";
import { named } from "@/lib/http/route-contract";
import { ActiveMsField } from "@/lib/work-items/active-time";
import { int, uuid } from "./common";
import { SuiteItemRatingsSchema } from "./suites";

const itemStatus = () => z.enum(ITEM_STATUSES);

export const SuiteItemStatusesSchema = named(
  "SuiteItemStatuses",
  z.object({
    counts: z.object(
      Object.fromEntries(ITEM_STATUSES.map((status) => [status, int()])) as Record<
        (typeof ITEM_STATUSES)[number],
        ReturnType<typeof int>
      >,
    ),
    items: z.array(
      z.object({
        item_id: uuid(),
        task_id: z.string(),
        position: int(),
        ratings: int(),
        status: itemStatus(),
        spread: z.number().describe("the largest Likert spread among the human-side ratings"),
        reasons: z
          .array(z.record(z.string(), z.unknown()))
          .describe(
            "why the item needs adjudication: likert_spread, hazard_conflict, refusal_conflict, judge_conflict, source_corrected (a rating the latest decision used was corrected)",
          ),
        latest_decision: uuid().nullable().describe("the latest authoritative record, if adjudicated"),
      }),
    ),
  }),
);

export const AdjudicationQueueSchema = named(
  "AdjudicationQueue",
  z.object({
    items: z
      .array(
        z.object({
          adjudication_id: uuid(),
          item_id: uuid(),
          task_id: z.string(),
          spread: z.number(),
          reasons_count: int(),
          held_by_me: z.boolean(),
          held_by_other: z.boolean(),
          rated_by_me: z.boolean().describe("you rated it: someone else adjudicates it"),
          re_adjudication: z.boolean(),
        }),
      )
      .describe("worst disagreement first: spread, then number of reasons"),
  }),
);

export const AdjudicationSchema = named(
  "Adjudication",
  z.object({
    adjudication_id: uuid(),
    status: z.enum(["open", "adjudicated"]),
    item_ratings: SuiteItemRatingsSchema,
    draft: z.record(z.string(), z.unknown()).describe("the saved draft, else the per-field consensus"),
    draft_source: z
      .enum(["saved", "consensus"])
      .describe("saved: the adjudicator's draft; consensus: nothing saved yet, the per-field consensus prefill"),
    draft_version: int(),
    undecided: z
      .array(z.object({ pointer: z.string(), label: z.string() }))
      .describe("fields without consensus, left for the adjudicator"),
    suggested_closest: uuid().nullable().describe("the source the consensus is closest to"),
    previous_eval_id: uuid().nullable().describe("on a re-adjudication: the decision the new one derives from"),
    authoritative_eval_id: uuid().nullable(),
  }),
);

export const AdjudicationSubmitSchema = named(
  "AdjudicationSubmit",
  z.object({
    draft: z
      .record(z.string(), z.unknown())
      .describe("the filled form; task and subject come from the sources, the rater block from the caller"),
    closest_eval_id: uuid()
      .optional()
      .describe(
        "the source record closest to the decision (derived_from, unless re-adjudicating); default: the one chosen on the page, else the closest by kept fields",
      ),
    active_ms: ActiveMsField,
  }),
);

export const SubmittedAdjudicationSchema = named(
  "SubmittedAdjudication",
  z.object({
    eval_id: uuid(),
    already_submitted: z.boolean(),
    fields: z.array(
      z.object({
        pointer: z.string(),
        decision: z.enum(["kept", "edited", "removed"]),
        from: z.array(uuid()).optional(),
      }),
    ),
  }),
);
