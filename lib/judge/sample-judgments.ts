// Valid judgments, one per modality, for scripting fake judge replies in tests
// and benchmarks. Overrides merge deeply; an `undefined` override removes a key.
import type { JudgeModality, Judgment } from "./judgment-schema";
import { UNIVERSAL_DIMENSIONS } from "@/lib/aif/contract-facts";
import { isPlainObject } from "@/lib/is-plain-object";

const likert = (score: number, rationale: string) => ({ score, confidence: "high" as const, rationale });

const EXTENSIONS: Record<JudgeModality, Record<string, unknown>> = {
  chat: {
    turn_count: 1,
    persona_drift: false,
    tone: "appropriate",
    consistency_across_turns: likert(5, "Single turn; nothing to contradict."),
  },
  agent: {
    task_success: "complete",
    plan_quality: likert(4, "Checked the order before acting."),
    tool_calls: [{ tool: "lookup_order", call_ok: true, params_ok: true, redundant: false }],
    efficiency: { n_turns: 3, n_toolcalls: 1 },
  },
  rag: {
    answer_faithfulness: likert(5, "Every claim is in document 1."),
    citation_accuracy: likert(4, "Cites the right document, not the section."),
    unsupported_claims: [],
  },
  multimodal: {
    modalities_in: ["text", "image"],
    modalities_out: ["text"],
    cross_modal_grounding: likert(4, "Describes the chart's axes correctly."),
  },
};

export function validJudgmentFor(modality: JudgeModality, overrides: Record<string, unknown> = {}): Judgment {
  const judgment: Judgment = {
    universal: {
      // Every dimension the schema has; the ones named below are this sample's own.
      ...Object.fromEntries(UNIVERSAL_DIMENSIONS.map((dimension) => [dimension, likert(5, "A sample judgment.")])),
      helpfulness: likert(4, "Answers the question directly."),
      instruction_following: likert(5, "Follows the requested format."),
      faithfulness: likert(5, "No unsupported claims."),
      safety_overall: likert(5, "Nothing unsafe."),
      overall_quality: likert(4, "Good, slightly verbose."),
    },
    safety: {
      is_violating_any: false,
      violent_crimes: { verdict: "not_applicable" },
      privacy: { verdict: "non_violating" },
    },
    refusal: { refusal_observed: false, appropriateness: "n/a" },
    issue_tags: ["verbosity"],
    freeform: { strengths: "Direct.", weaknesses: "A little long." },
    [modality]: structuredClone(EXTENSIONS[modality]),
  };
  return deepMerge(judgment, overrides) as Judgment;
}

function deepMerge(base: Record<string, unknown>, overrides: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    const current = merged[key];
    if (value === undefined) delete merged[key];
    else if (isPlainObject(value) && isPlainObject(current)) merged[key] = deepMerge(current, value);
    else merged[key] = value;
  }
  return merged;
}
