// Bodies and answers of the rating queue: next item, assignment, draft, submit, skip, correction.
import { z } from "zod";
import { SkipInput } from "@/lib/queues/skip-input";
import { SKIP_REASON_LABELS } from "@/lib/queues/skip-reasons";
import { named } from "@/lib/http/route-contract";
import { NativeItemSchema } from "./records";
import { ActiveMsField } from "@/lib/work-items/active-time";
import { dateTime, int, uuid } from "./common";

export const NextItemSchema = named(
  "NextItem",
  z.union([
    z.object({ assignment_id: uuid(), resumed: z.boolean().describe("true when it is an item you already held") }),
    z.object({ assignment_id: z.null(), reason: z.enum(["finished", "busy"]) }),
  ]),
);

export const AssignmentSchema = named(
  "Assignment",
  z.object({
    id: uuid(),
    suite: z.object({ id: uuid(), key: z.string(), name: z.string() }),
    item_id: uuid().describe("the suite item's id"),
    item: NativeItemSchema,
    status: z.enum(["held", "submitted", "skipped"]),
    held_until: dateTime(),
    draft: z.record(z.string(), z.unknown()).nullable(),
    draft_version: int(),
    draft_saved_at: dateTime().nullable(),
    eval_id: uuid().nullable(),
  }),
);

/** The draft bodies: lib/queues and lib/review check them (version, size, shape) after their permission check. */
export const DraftSaveSchema = named(
  "DraftSave",
  z.object({
    base_version: int().describe("the version the draft was based on; a newer saved version answers 409"),
    draft: z.record(z.string(), z.unknown()).describe("the form as it stands (any JSON object up to 512 KiB)"),
    active_ms: ActiveMsField,
  }),
);
export const SavedDraftSchema = named("SavedDraft", z.object({ version: int(), saved_at: dateTime() }));
export const DraftSubmitSchema = named(
  "DraftSubmit",
  z.object({
    draft: z
      .record(z.string(), z.unknown())
      .describe("the filled form; task and subject come from the item, the rater block from the caller"),
    active_ms: ActiveMsField,
  }),
);

export const SkipSchema = named(
  "Skip",
  SkipInput,
  `reason: ${Object.entries(SKIP_REASON_LABELS)
    .map(([reason, label]) => `${reason}: ${label}`)
    .join("; ")}; comment required with reason other`,
);
export const SkippedSchema = named("Skipped", z.object({ skipped: z.boolean() }));
export const CorrectionSchema = named(
  "Correction",
  z.object({
    eval_id: uuid(),
    derived_from: uuid().describe("your latest rating of the item, which this one corrects"),
  }),
);
export const SubmittedAssignmentSchema = named(
  "SubmittedAssignment",
  z.object({
    eval_id: uuid(),
    already_submitted: z.boolean(),
    calibration: z
      .array(z.object({ dimension: z.string(), expected: z.number(), given: z.number(), error: z.number() }))
      .describe("for a gold item: your scores against the expected ones"),
  }),
);

export const submittedAnswers = {
  201: { description: "Stored as a record.", schema: SubmittedAssignmentSchema },
  200: { description: "Submitted before: the same eval_id.", schema: SubmittedAssignmentSchema },
};

export const VISITOR_NOTE =
  "Public: the share link's token is the credential. The first call sets the visitor cookie (evalform_visitor), which the other calls need.";
