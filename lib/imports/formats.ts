// The item import formats, one entry each: the type, the API's zod enum and
// OpenAPI enum, the upload page's <option>s and the CLI usage are derived from
// this list; schemas/item.schema.json and the database CHECK allow any id of
// the shape every id here has (tests hold both). Client-safe (no parser here:
// those are in ./parsers.ts, server-side).

export type ImportFormatInfo = {
  id: string;
  /** As the upload page's <option> shows it. */
  label: string;
  /** One phrase for the API documentation. */
  description: string;
  /** File kinds the reader accepts for this format (JSON Lines today). */
  fileKinds: readonly ("jsonl" | "json")[];
};

export const IMPORT_FORMATS = [
  { id: "items", label: "evalform items (native)", description: "native items", fileKinds: ["jsonl"] },
  {
    id: "eee",
    label: "Every Eval Ever (instance-level)",
    description: "Every Eval Ever instance-level, 0.2.x and 0.3.x (0.3.x lines held to the 0.3.0 schema)",
    fileKinds: ["jsonl"],
  },
  { id: "gage", label: "gage-eval Samples", description: "gage-eval Samples", fileKinds: ["jsonl"] },
  {
    id: "inspect",
    label: "Inspect AI eval log (JSON)",
    description: "Inspect AI eval log (JSON document, or one EvalSample per line)",
    fileKinds: ["json", "jsonl"],
  },
  {
    id: "lm_eval",
    label: "lm-evaluation-harness --log_samples",
    description: "lm-evaluation-harness --log_samples JSONL",
    fileKinds: ["jsonl"],
  },
] as const satisfies readonly ImportFormatInfo[];

export type ImportFormat = (typeof IMPORT_FORMATS)[number]["id"];

export const IMPORT_FORMAT_IDS: readonly ImportFormat[] = IMPORT_FORMATS.map((format) => format.id);

export function importFormatInfo(id: ImportFormat): ImportFormatInfo {
  return IMPORT_FORMATS.find((format) => format.id === id)!;
}

export function isImportFormat(value: unknown): value is ImportFormat {
  return typeof value === "string" && (IMPORT_FORMAT_IDS as readonly string[]).includes(value);
}

/** "items|eee|gage", for usage lines. */
export const IMPORT_FORMAT_CHOICES = IMPORT_FORMAT_IDS.join("|");

/** "eee: Every Eval Ever instance-level; …", for the API documentation. */
export const IMPORT_FORMAT_SUMMARY = IMPORT_FORMATS.map((format) => `${format.id}: ${format.description}`).join("; ");

// Prefill formats: LLM-judge outputs imported as llm_judge AIF records for SME
// review (lib/review/prefill-import.ts; parsers in ./judge-formats.ts). The
// upload page, the CLI usage and the API documentation list them from here.
export type PrefillFormatInfo = { id: string; label: string; description: string };

export const PREFILL_FORMATS = [
  {
    id: "aif",
    label: "AIF records by an LLM judge",
    description: "AIF Eval Form v1 records with rater.type llm_judge",
  },
  {
    id: "mt_bench",
    label: "MT-Bench single-answer judgments",
    description: "FastChat llm_judge single-answer judgments (score 1-10, Rating: [[n]])",
  },
  {
    id: "arena_hard",
    label: "Arena-Hard-style judgments",
    description: "Arena-Hard-style judgments (games[].score 1-10 or a verdict like B>A)",
  },
  {
    id: "alpaca_eval",
    label: "AlpacaEval annotations (pairwise)",
    description: "AlpacaEval annotations (preference 1-2 against the reference output) as vs_reference",
  },
  {
    id: "wildbench",
    label: "WildBench scores",
    description: "WildBench score results (score 1-10, parsed_result strengths/weaknesses)",
  },
  {
    id: "inspect_scores",
    label: "Inspect AI model-graded scores",
    description: "Inspect AI eval log scores (C/P/I or 0-1, with explanation)",
  },
] as const satisfies readonly PrefillFormatInfo[];

export type PrefillFormat = (typeof PREFILL_FORMATS)[number]["id"];
export const PREFILL_FORMAT_IDS: readonly PrefillFormat[] = PREFILL_FORMATS.map((format) => format.id);
export function isPrefillFormat(value: unknown): value is PrefillFormat {
  return typeof value === "string" && (PREFILL_FORMAT_IDS as readonly string[]).includes(value);
}
export const PREFILL_FORMAT_CHOICES = PREFILL_FORMAT_IDS.join("|");
export const PREFILL_FORMAT_SUMMARY = PREFILL_FORMATS.map((format) => `${format.id}: ${format.description}`).join("; ");

/** How a judge's 1-10 score becomes a 1-5 Likert score, chosen at import and written into each prefill. */
export const SCALE_MAPPINGS = [
  {
    id: "linear",
    name: "Linear (1→1, 10→5)",
    label: "1-10 → 1-5 linear: 1 + (n − 1) × 4/9, two decimals (1→1, 5→2.78, 10→5)",
  },
  {
    id: "pairs",
    name: "In pairs (9-10→5)",
    label: "1-10 → 1-5 in pairs: ceil(n / 2) (1-2→1, 3-4→2, 5-6→3, 7-8→4, 9-10→5)",
  },
] as const;
export type ScaleMapping = (typeof SCALE_MAPPINGS)[number]["id"];
export function isScaleMapping(value: unknown): value is ScaleMapping {
  return SCALE_MAPPINGS.some((mapping) => mapping.id === value);
}
