// Every status column's values, once. The database keeps them as text with a
// CHECK (status IN …) per table; lib/statuses.db.test.ts fails when a CHECK
// and its list here disagree. Text + CHECK rather than Prisma enums: moving a
// column to an enum rewrites the table under an exclusive lock and changes how
// raw SQL must bind parameters, for no gain a typed list and the test don't give.

export const ASSIGNMENT_STATUSES = ["held", "submitted", "skipped"] as const;
export const REVIEW_TASK_STATUSES = ["open", "reviewed"] as const;
export const ADJUDICATION_TASK_STATUSES = ["open", "adjudicated"] as const;
export const PAIRWISE_ASSIGNMENT_STATUSES = ["held", "submitted", "skipped"] as const;
export const PAIRWISE_REVIEW_TASK_STATUSES = ["open", "reviewed"] as const;
export const JUDGE_RUN_STATUSES = ["running", "cancelled", "completed"] as const;
export const JUDGE_RUN_ITEM_STATUSES = ["pending", "running", "stored", "failed", "cancelled"] as const;
export const PAIRWISE_JUDGE_RUN_STATUSES = ["running", "completed"] as const;
export const PAIRWISE_JUDGE_PAIR_STATUSES = ["pending", "stored", "failed"] as const;
/** refused: every line was refused, so there is nothing to decide (lib/imports/service.ts). */
export const ITEM_IMPORT_STATUSES = [
  "reading",
  "awaiting_decision",
  "committed",
  "discarded",
  "refused",
  "failed",
] as const;
/** What an import's file holds (item_import.kind): one staged protocol for the three (lib/imports/service.ts). */
export const IMPORT_KINDS = ["items", "records", "prefills"] as const;
export const RECORD_EXPORT_STATUSES = ["prepared", "streaming", "complete", "aborted", "failed"] as const;

export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export type ReviewTaskStatus = (typeof REVIEW_TASK_STATUSES)[number];
export type AdjudicationTaskStatus = (typeof ADJUDICATION_TASK_STATUSES)[number];
export type PairwiseAssignmentStatus = (typeof PAIRWISE_ASSIGNMENT_STATUSES)[number];
export type PairwiseReviewTaskStatus = (typeof PAIRWISE_REVIEW_TASK_STATUSES)[number];
export type JudgeRunStatus = (typeof JUDGE_RUN_STATUSES)[number];
export type JudgeRunItemStatus = (typeof JUDGE_RUN_ITEM_STATUSES)[number];
export type PairwiseJudgeRunStatus = (typeof PAIRWISE_JUDGE_RUN_STATUSES)[number];
export type ItemImportStatus = (typeof ITEM_IMPORT_STATUSES)[number];
export type ImportKind = (typeof IMPORT_KINDS)[number];
export type RecordExportStatus = (typeof RECORD_EXPORT_STATUSES)[number];

/** Each list with the table and CHECK constraint that hold the same values (on `status` unless `column` says otherwise). */
export const STATUS_CHECKS = [
  { table: "assignment", constraint: "assignment_status_known", values: ASSIGNMENT_STATUSES },
  { table: "review_task", constraint: "review_task_status_known", values: REVIEW_TASK_STATUSES },
  { table: "adjudication_task", constraint: "adjudication_task_status_known", values: ADJUDICATION_TASK_STATUSES },
  {
    table: "pairwise_assignment",
    constraint: "pairwise_assignment_status_known",
    values: PAIRWISE_ASSIGNMENT_STATUSES,
  },
  {
    table: "pairwise_review_task",
    constraint: "pairwise_review_task_status_known",
    values: PAIRWISE_REVIEW_TASK_STATUSES,
  },
  { table: "judge_run", constraint: "judge_run_status_known", values: JUDGE_RUN_STATUSES },
  { table: "judge_run_item", constraint: "judge_run_item_status_known", values: JUDGE_RUN_ITEM_STATUSES },
  { table: "pairwise_judge_run", constraint: "pairwise_judge_run_status_known", values: PAIRWISE_JUDGE_RUN_STATUSES },
  {
    table: "pairwise_judge_pair",
    constraint: "pairwise_judge_pair_status_known",
    values: PAIRWISE_JUDGE_PAIR_STATUSES,
  },
  { table: "item_import", constraint: "item_import_status_known", values: ITEM_IMPORT_STATUSES },
  { table: "record_export", constraint: "record_export_status", values: RECORD_EXPORT_STATUSES },
  { table: "item_import", column: "kind", constraint: "item_import_kind_known", values: IMPORT_KINDS },
] as const;

/**
 * A status read from the database, narrowed to its list. The CHECK makes an
 * unknown value impossible; if one appears anyway (a migration ahead of this
 * code), failing loudly beats carrying an untyped string further.
 */
export function parseStatus<const T extends readonly string[]>(values: T, value: string): T[number] {
  const known = values.find((candidate) => candidate === value);
  if (known === undefined)
    throw new Error(`unknown status ${JSON.stringify(value)}; expected one of ${values.join(", ")}`);
  return known;
}
