// One stored AIF record → Every Eval Ever 0.3.0 instance-level records, one
// per rated Likert dimension (docs: lib/export/formats/eee-0.3.0.md). EEE's own
// rule for a sample scored by several aggregate results is one instance record
// per result; here each (suite, rater type, dimension) is such a result.
import { createHash } from "node:crypto";
import { LIKERT_DIMENSIONS } from "@/lib/aif/contract-facts";
import { isNotRated } from "@/lib/aif/not-rated";
import { eeeSourceIdentity } from "./eee-source";

export const EEE_SCHEMA_VERSION = "0.3.0";
/** A Likert score at or above this is `is_correct` (0.3.0 requires a boolean): the scale's upper two anchors. */
export const EEE_CORRECT_FROM = 4;

type Likert = { score?: unknown; confidence?: unknown; rationale?: unknown };
type StoredRecord = {
  schema_version?: string;
  eval_id?: string;
  created_at?: string;
  derived_from?: string | null;
  rater?: { type?: string; id?: string; model?: string; version?: string };
  subject?: { system_under_test?: string; model?: string; version?: string };
  task?: { task_id?: string; suite_id?: string; modality?: string; prompt?: string; reference?: string | null };
};

/** Python's json.dumps default (ensure_ascii): every UTF-16 unit outside space..tilde as \uXXXX. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * Upstream's cross-model join key (skill reference instance-level.md, "Hashing"):
 * sha256 of json.dumps({"raw", "reference"}, sort_keys=True, separators=(",", ":")).
 */
export function eeeSampleHash(raw: string, reference: string[]): string {
  return createHash("sha256").update(asciiJson({ raw, reference }), "utf8").digest("hex");
}

function at(record: unknown, path: string): Likert | undefined {
  let node: unknown = record;
  for (const key of path.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === "object" && node !== null ? (node as Likert) : undefined;
}

/** Only strings: 0.3.0's metadata is a map of strings; absent values are left out. */
function stringsOf(entries: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(entries)) {
    if (typeof value === "string" && value !== "") out[key] = value;
    else if (typeof value === "number" || typeof value === "boolean") out[key] = String(value);
  }
  return out;
}

/**
 * `itemSource` is the rated item's stored source (item.source): an item
 * imported from Every Eval Ever gives its lines the source line's identity
 * and output (./eee-source.ts), so they join the source on sample_id and sample_hash.
 */
export function eeeInstancesOf(record: StoredRecord, itemSource?: unknown): Record<string, unknown>[] {
  const task = record.task ?? {};
  const subject = record.subject ?? {};
  const rater = record.rater ?? {};
  const raterType = rater.type ?? "unknown";
  const suite = task.suite_id ?? "no-suite";
  const prompt = task.prompt ?? "";
  const reference = typeof task.reference === "string" && task.reference !== "" ? [task.reference] : [];
  const source = eeeSourceIdentity(itemSource, eeeSampleHash);
  const { model_id: modelId, ...sample } = source
    ? {
        model_id: source.model_id,
        sample_id: source.sample_id,
        sample_hash: source.sample_hash,
        interaction_type: source.interaction_type,
        input: source.input,
        output: source.output,
        ...(source.messages === undefined ? {} : { messages: source.messages }),
      }
    : {
        model_id: subject.model ?? subject.system_under_test ?? "unknown",
        sample_id: task.task_id ?? "",
        sample_hash: eeeSampleHash(prompt, reference),
        interaction_type: "single_turn",
        input: { raw: prompt, reference },
        // The AIF record holds the verdict, not the answer (the rated item does): no response is invented.
        output: { raw: [] },
      };
  const lines: Record<string, unknown>[] = [];
  for (const dimension of LIKERT_DIMENSIONS) {
    const likert = at(record, dimension);
    // A field marked not rated (lib/aif/not-rated.ts) is no judgment: no line.
    if (typeof likert?.score !== "number" || !Number.isFinite(likert.score) || isNotRated(likert)) continue;
    lines.push({
      schema_version: EEE_SCHEMA_VERSION,
      evaluation_id: `evalform/${suite}/${raterType}`,
      model_id: modelId,
      evaluation_name: `aif.${dimension}`,
      evaluation_result_id: `evalform/${suite}/${raterType}/${dimension}`,
      ...sample,
      answer_attribution: [],
      evaluation: { score: likert.score, is_correct: likert.score >= EEE_CORRECT_FROM },
      metadata: stringsOf({
        source: "evalform",
        eval_id: record.eval_id,
        aif_schema_version: record.schema_version,
        created_at: record.created_at,
        derived_from: record.derived_from,
        rater_type: raterType,
        rater_id: rater.id,
        rater_model: rater.model,
        rater_version: rater.version,
        dimension,
        scale: "likert 1-5",
        is_correct_rule: `score >= ${EEE_CORRECT_FROM}`,
        confidence: likert.confidence,
        rationale: likert.rationale,
        task_id: task.task_id,
        suite_id: task.suite_id,
        modality: task.modality,
        system_under_test: subject.system_under_test,
        subject_version: subject.version,
        source_evaluation_id: source?.evaluation_id,
        source_evaluation_name: source?.evaluation_name,
        source_evaluation_result_id: source?.evaluation_result_id,
      }),
    });
  }
  return lines;
}
