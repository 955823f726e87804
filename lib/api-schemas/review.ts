// Answers of the review routes: judge runs, the SME's review task, a submitted review.
import { z } from "zod";
import { named } from "@/lib/http/route-contract";
import { dateTime, int, uuid } from "./common";
import { AifRecordSchema, NativeItemSchema, ValidationIssueSchema } from "./records";

export const JudgeRunSchema = named(
  "JudgeRun",
  z.object({
    id: uuid(),
    suite_id: uuid(),
    status: z.enum(["running", "cancelled", "completed"]),
    model: z.string(),
    base_url: z.string(),
    prompt_version: z.string(),
    n_samples: int(),
    concurrency: int(),
    temperature: z.number(),
    created_at: dateTime(),
    finished_at: dateTime().nullable(),
    progress: z.object({
      total: int(),
      pending: int(),
      running: int(),
      stored: int(),
      failed: int(),
      cancelled: int(),
    }),
    failures: z
      .array(
        z.object({
          item_id: uuid(),
          task_id: z.string(),
          attempts: int(),
          stage: z.string(),
          message: z.string(),
          issues: z.array(ValidationIssueSchema),
          raw_answers: z.array(z.string()).describe("the judge's answers, as received"),
        }),
      )
      .optional()
      .describe("only when reading one run"),
  }),
);

export const ReviewTaskSchema = named(
  "ReviewTask",
  z.object({
    judge_eval_id: uuid(),
    suite: z.object({ id: uuid(), key: z.string(), name: z.string() }),
    item: NativeItemSchema,
    judge_record: AifRecordSchema,
    status: z.enum(["open", "reviewed"]),
    draft: z.record(z.string(), z.unknown()).nullable(),
    draft_version: int(),
    hybrid_eval_id: uuid().nullable(),
  }),
);

export const SubmittedReviewSchema = named(
  "SubmittedReview",
  z.object({ eval_id: uuid(), already_submitted: z.boolean(), changed_fields: int() }),
);
