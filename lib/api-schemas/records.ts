// Answers of the record routes: listing, submission, provenance, validation.
import { z } from "zod";
import { RATER_TYPES } from "@/lib/aif/contract-facts";
import { documentComponent, named } from "@/lib/http/route-contract";
import { dateTime, int, uuid } from "./common";

export const AifRecordSchema = documentComponent("AifRecord");
export const AifDraftSchema = documentComponent("AifDraft");
export const NativeItemSchema = documentComponent("NativeItem");
export const ValidationIssueSchema = named(
  "ValidationIssue",
  z.object({ path: z.string(), rule: z.string(), message: z.string() }),
);

const raterType = () => z.enum(RATER_TYPES);

export const RecordSummarySchema = named(
  "RecordSummary",
  z.object({
    eval_id: uuid(),
    created_at: dateTime(),
    rater_type: raterType(),
    rater_id: z.string().nullable(),
    task_id: z.string(),
    suite_id: z.string().nullable(),
    derived_from: uuid().nullable(),
    rater_name: z.string().nullable().describe("the person's display name; null for judges and share-link visitors"),
    rater_model: z.string().nullable().describe("rater.model of a judge record"),
    suite_name: z.string().nullable(),
    system: z
      .string()
      .nullable()
      .describe("subject.system_under_test; null when withheld (system_withheld) or when the record has none"),
    system_withheld: z
      .boolean()
      .describe("true for one's own pairwise record while its suite is open: the system is not served (admins see it)"),
    scores: z
      .record(z.string(), z.number().nullable())
      .describe("each Likert dimension's score (dotted path → score; null when not rated)"),
    violating: z.boolean().describe("safety.is_violating_any"),
  }),
  "The indexed columns of a stored record, with the rater's name and its scores.",
);

export const RecordPageSchema = named(
  "RecordPage",
  z.object({
    records: z.array(RecordSummarySchema),
    next_cursor: z.string().nullable().describe("pass as `cursor` for the next (older) page; null on the last page"),
  }),
);

export const SubmittedRecordSchema = named("SubmittedRecord", z.object({ eval_id: uuid(), record: AifRecordSchema }));

const ChainLinkSchema = named(
  "ChainLink",
  z.object({
    eval_id: uuid(),
    rater_type: raterType(),
    rater_id: z.string().nullable(),
    created_at: dateTime(),
    derived_from: uuid().nullable(),
    depth: int(),
  }),
);

export const ProvenanceSchema = named(
  "Provenance",
  z.object({
    ancestors: z.array(ChainLinkSchema).describe("oldest first, ending with the record's parent"),
    descendants: z.array(ChainLinkSchema).describe("breadth first; depth 1 derives from the record itself"),
    hidden: int().describe("chain links that exist but you may not see"),
    decisions: z
      .array(
        z.object({
          path: z.string().describe("JSON Pointer of the judged field"),
          decision: z.enum(["accepted", "edited", "added"]),
          judge_value: z.unknown().describe("the judge's value (any JSON)"),
          final_value: z.unknown().describe("the value in the hybrid record (any JSON)"),
        }),
      )
      .describe("for a hybrid record: the SME's decision on each field the judge filled"),
  }),
);

export const ValidationReportSchema = named(
  "ValidationReport",
  z.object({ valid: z.boolean(), errors: z.array(ValidationIssueSchema) }),
);
