// Bodies and answers of pairwise comparison: suites, the next pair, a pair, its submit, the leaderboard.
import { z } from "zod";
import { named } from "@/lib/http/route-contract";
import { LEADERBOARD_RATERS } from "@/lib/pairwise/leaderboard";
import { PairwiseSidecarLine } from "@/lib/pairwise/sidecar";
import { PAIRWISE_DESIGNS } from "@/lib/pairwise/validation";
import { PAIRWISE_JUDGE_RUN_STATUSES } from "@/lib/statuses";
import { ActiveMsField } from "@/lib/work-items/active-time";
import { dateTime, int, uuid } from "./common";
import { EstimateInterval } from "./estimates";

export const PairwiseSuiteSchema = named(
  "PairwiseSuite",
  z.object({
    id: uuid(),
    key: z.string().describe("the records' task.suite_id"),
    name: z.string(),
    design: z.enum(PAIRWISE_DESIGNS),
    baseline_system: z.string().nullable(),
    overlap_k: int(),
    systems: z.array(z.string()),
    pairs: int(),
    judgments_submitted: int(),
    unmatched_tasks: z
      .array(z.object({ task_id: z.string(), missing: z.array(z.string()) }))
      .describe("tasks some system has no response to (not paired with it)"),
    open_to_all_raters: z.boolean().describe("any rater or SME may compare its pairs; else its rater list only"),
    raters: int().describe("raters on its list"),
    verdict_only: z.boolean().describe("a verdict and its reason are enough: the per-response rubric is optional"),
    paused: z.boolean().describe("hands out no pairs"),
    archived: z.boolean().describe("out of every queue and of the default listing; records kept and exportable"),
    created_at: dateTime(),
  }),
);

export const PairwiseSuiteSettingsSchema = named(
  "PairwiseSuiteSettings",
  z.object({
    rater_ids: z.array(z.string()),
    open_to_all_raters: z.boolean(),
    reviewer_ids: z.array(z.string()),
    overlap_k: int(),
    hold_minutes: z.number(),
    guidelines: z.string(),
    verdict_only: z.boolean(),
    paused: z.boolean(),
    archived: z.boolean(),
  }),
);

export const CreatedPairwiseSuiteSchema = PairwiseSuiteSchema.extend({
  duplicates: int().describe("items left out: their system already answered the task (the first is used)"),
});

export const NextPairSchema = named(
  "NextPair",
  z.union([
    z.object({ assignment_id: uuid(), reason: z.null() }),
    z.object({ assignment_id: z.null(), reason: z.literal("finished") }),
  ]),
);

const Transcript = z.object({ messages: z.array(z.record(z.string(), z.unknown())) });

export const PairAssignmentSchema = named(
  "PairAssignment",
  z.object({
    id: uuid(),
    suite: z.object({ id: uuid(), key: z.string(), name: z.string() }),
    status: z.enum(["held", "submitted"]),
    held_until: dateTime(),
    draft: z.unknown(),
    draft_version: int(),
    task: z
      .object({ task_id: z.string(), modality: z.string(), prompt: z.string() })
      .strict()
      .describe(
        "what both responses' items share, shown once: task id, modality and prompt (of the pair's first system in name order, whichever side it is on); no other task field of either item, since those can name a system",
      ),
    responses: z
      .tuple([z.object({ transcript: Transcript }), z.object({ transcript: Transcript })])
      .describe("Response 1 (left) and Response 2 (right); which system is which stays hidden"),
    verdict_only: z.boolean().describe("the suite asks for a verdict and its reason; the rubric is optional"),
    guidelines: z.string().describe("the suite's guidelines for its raters (markdown source)"),
    paused: z.boolean().describe("the suite hands out no new pairs now; this one can still be submitted"),
  }),
);

export const SubmittedPairSchema = named(
  "SubmittedPair",
  z.object({
    eval_ids: z.tuple([uuid(), uuid()]).describe("the records of Response 1 and Response 2"),
    already_submitted: z.boolean(),
  }),
);

const Interval = z.object({ low: z.number(), high: z.number() }).nullable();
const Rate = z.object({
  wins: int(),
  ties: int(),
  losses: int(),
  judgments: int(),
  rate: z.number().nullable(),
  interval: Interval,
});

const Agreement = z.object({
  alpha: z.number().nullable(),
  interval: Interval,
  units: int(),
  pairable: int(),
});

const OrderConsistencySchema = z.object({
  pairs: int(),
  flips: int().describe("pairs whose verdict changes direction when the two responses swap places"),
  flip_rate: z.number().nullable(),
  position_bias: Rate.describe("share of the raw verdicts (both orders) for the response shown left"),
});

export const PairwiseLeaderboardSchema = named(
  "PairwiseLeaderboard",
  z.object({
    suite: PairwiseSuiteSchema,
    slice: z
      .object({
        modality: z.string().nullable(),
        tag: z.string().nullable().describe("key=value"),
      })
      .describe("the slice the figures count (null: not sliced by it)"),
    judgments: int().describe("judgments counted; 0 for a slice without any"),
    baseline: z.string().nullable(),
    win_rates: z.array(
      Rate.extend({
        interval: Interval.describe(
          "95% percentile bootstrap interval over pairs (each pair's judgments resampled together): about the population of tasks, not of judgments",
        ),
        system: z.string(),
        baseline: z.string(),
        length_controlled: z.object({
          system: z.string(),
          baseline: z.string(),
          judgments: int(),
          other_side: int().describe(
            "judgments on the other side of equal length from most (the system as long as or shorter than the baseline when it is mostly longer, and the reverse)",
          ),
          identifiable: z
            .boolean()
            .describe(
              "false when fewer than 10 judgments (or 5%) are on the other side: the rate at equal length would be an extrapolation, and rate, interval and weights are null",
            ),
          rate: z.number().nullable(),
          interval: Interval.describe("95% percentile bootstrap interval over resampled judgments, refitted each time"),
          departs_from_raw: z
            .boolean()
            .describe(
              "AlpacaEval's warning (the rate lies more than 10 points and a quarter of the way to 0 or 1 from the raw win rate: a sign the fit failed), or any departure beyond 0.15",
            ),
          intercept: z.number().nullable(),
          length_weight: z.number().nullable(),
        }),
      }),
    ),
    bradley_terry: z.object({
      scores: z.array(
        z.object({
          system: z.string(),
          strength: z.number(),
          rating: z.number(),
          rating_interval: Interval.describe(
            "95% percentile bootstrap interval over pairs (each pair's judgments resampled together): about the population of tasks",
          ),
          rank: int(),
          judgments: int(),
        }),
      ),
      systems: z.array(z.string()),
      win_matrix: z.array(z.array(z.number())),
      connected: z.boolean(),
    }),
    position_bias: Rate.describe(
      "share of the counted raters' verdicts for the response shown left: each human verdict as given, and both of a judge's raw order verdicts (its stored verdict, shown in no order, never)",
    ),
    position_bias_by_rater_type: z.array(z.object({ rater_type: z.string(), bias: Rate })),
    agreement: Agreement.describe("all judgments of a pair, humans and judge together"),
    raters: z.enum(LEADERBOARD_RATERS).describe("whose judgments the win rates and ratings count"),
    judge_consistency: OrderConsistencySchema.nullable().describe(
      "the LLM judge asked in both orders: flip rate and position bias over its raw verdicts; null without a judge run",
    ),
    agreement_by_raters: z.object({
      humans: Agreement.describe("between humans"),
      human_judge: Agreement.describe("between each human judgment and the judge's verdict on the same pair"),
    }),
    estimates: z
      .array(
        z.object({
          system: z.string(),
          baseline: z.string(),
          pairs: int().describe("pairs of the system and the baseline with a judge or human verdict"),
          human_only: EstimateInterval.nullable().describe(
            "the mean of the pairs' human labels (several human verdicts of a pair averaged; win 1, tie 0.5, loss 0)",
          ),
          judge_only: EstimateInterval.extend({ biased: z.literal(true) })
            .nullable()
            .describe("the judge's own win rate over every pair it judged: biased by whatever bias the judge has"),
          corrected: EstimateInterval.extend({ lambda: z.number() })
            .nullable()
            .describe(
              "PPI++ with power-tuned lambda (Angelopoulos, Duchi & Zrnic 2023): labelled = pairs with a judge and a human verdict, unlabelled = pairs only the judge judged",
            ),
          used: z.object({ labelled: int(), unlabelled: int(), human_without_judge: int() }),
        }),
      )
      .describe(
        "the win rate against the baseline from humans and judge together, with 95% CLT intervals; every judgment, whatever raters counts; empty without a baseline",
      ),
  }),
);

export const PairwiseJudgeRunSchema = named(
  "PairwiseJudgeRun",
  z.object({
    id: uuid(),
    suite_id: uuid(),
    status: z.enum(PAIRWISE_JUDGE_RUN_STATUSES),
    model: z.string(),
    prompt_version: z.string(),
    temperature: z.number(),
    created_at: dateTime(),
    finished_at: dateTime().nullable(),
    progress: z.object({ total: int(), pending: int(), stored: int(), failed: int() }),
    consistency: OrderConsistencySchema,
    failures: z.array(z.object({ pair_id: uuid(), task_id: z.string(), message: z.string() })),
  }),
);

export const PairwiseSidecarLineSchema = named("PairwiseSidecarLine", PairwiseSidecarLine);

export const PairDraftSaveSchema = named(
  "PairDraftSave",
  z.object({
    base_version: int().describe("the version the draft was based on; a newer saved version answers 409"),
    draft: z
      .record(z.string(), z.unknown())
      .describe(
        "the pair's form as it stands: preference, rationale, responses (Response 1's and 2's forms), any of them missing",
      ),
    active_ms: ActiveMsField,
  }),
);
