// The item shape (schemas/item.schema.json) as TypeScript.
import type { AifDraft } from "@/lib/aif/types";
import type { ImportFormat } from "@/lib/imports/formats";

export type Segment =
  { type: "text"; text: string } | { type: "image" | "audio" | "video" | "file"; url: string; mime_type?: string };
export type ToolCall = { id?: string; name: string; arguments?: unknown };
export type TranscriptMessage = {
  role: string;
  content: Segment[];
  tool_calls?: ToolCall[];
  tool_call_id?: string | string[];
  reasoning?: string;
  /** ISO 8601, when the source records it. */
  timestamp?: string;
  duration_ms?: number;
};
export type Transcript = { messages: TranscriptMessage[] };
/** The import formats are listed once, in lib/imports/formats.ts. */
export type ItemFormat = ImportFormat;

export type Item = {
  task: AifDraft["task"] & {
    reference?: string | null;
    gold_item_id?: string | null;
    calibration_target?: Record<string, unknown> | null;
  };
  subject: AifDraft["subject"] & { model?: string; version?: string };
  transcript: Transcript;
  options?: { id: string; content: string }[];
  reference_trajectory?: Transcript;
  context_documents?: { id?: string; title?: string; text: string }[];
  tools?: unknown[];
  automatic_scores?: Record<string, unknown>;
  tags?: Record<string, string | number | boolean>;
  source?: { format: ItemFormat; record?: unknown; dedupe_key?: string };
};
