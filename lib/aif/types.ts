// TypeScript view of an AIF record. The JSON Schema is the contract; this type
// only names the parts the app reads, and stays loose everywhere else.
export type LikertWithRationale = {
  score: number;
  rationale?: string;
  confidence?: "low" | "medium" | "high";
  anchors_used?: string;
};

export type AifRecord = {
  schema_version: string;
  eval_id: string;
  created_at: string;
  derived_from?: string | null;
  rater: { type: "human" | "llm_judge" | "hybrid" | "sme" | "end_user"; id?: string; [key: string]: unknown };
  subject: { system_under_test: string; modality_tags: string[]; [key: string]: unknown };
  task: { task_id: string; suite_id?: string; modality: "chat" | "agent" | "rag" | "multimodal"; prompt: string; [key: string]: unknown };
  universal: Record<string, unknown>;
  [key: string]: unknown;
};

/** A record as the rater fills it: everything but the server-assigned fields. */
export type AifDraft = Omit<AifRecord, "schema_version" | "eval_id" | "created_at">;

/** One reason a record is invalid: where (JSON Pointer), which rule, and what to do. */
export type ValidationIssue = { path: string; rule: string; message: string };
