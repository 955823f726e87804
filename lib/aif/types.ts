// TypeScript view of an AIF record. The JSON Schema is the contract; this type
// only names the parts the app reads, and stays loose everywhere else.
export type LikertWithRationale = {
  score: number;
  rationale?: string;
  confidence?: "low" | "medium" | "high";
  anchors_used?: string;
};

/** A record as the rater fills it: everything but the server-assigned fields. */
export type AifDraft = {
  derived_from?: string | null;
  rater: { type: "human" | "llm_judge" | "hybrid" | "sme" | "end_user"; id?: string; [key: string]: unknown };
  subject: { system_under_test: string; modality_tags: string[]; [key: string]: unknown };
  task: {
    task_id: string;
    suite_id?: string;
    modality: "chat" | "agent" | "rag" | "multimodal";
    prompt: string;
    [key: string]: unknown;
  };
  universal: Record<string, unknown>;
  [key: string]: unknown;
};

export type AifRecord = AifDraft & { schema_version: string; eval_id: string; created_at: string };

/** One reason a record is invalid: where (JSON Pointer), which rule, and what to do. */
export type ValidationIssue = { path: string; rule: string; message: string };
