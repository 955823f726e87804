// Every Likert of the AIF form, as a dotted path under the record: the
// universal five, then each extension's.
export const LIKERT_DIMENSIONS = [
  "universal.helpfulness", "universal.instruction_following", "universal.faithfulness", "universal.safety_overall", "universal.overall_quality",
  "chat.consistency_across_turns", "agent.plan_quality", "agent.error_recovery",
  "rag.context_precision", "rag.context_recall", "rag.answer_faithfulness", "rag.answer_relevance", "rag.citation_accuracy",
  "multimodal.cross_modal_grounding", "multimodal.perceptual_quality", "multimodal.image_specific.fidelity", "multimodal.audio_specific.intelligibility",
] as const;

export type LikertDimension = (typeof LIKERT_DIMENSIONS)[number];

const KNOWN: ReadonlySet<string> = new Set(LIKERT_DIMENSIONS);

export function isLikertDimension(path: string): path is LikertDimension {
  return KNOWN.has(path);
}

/** The score a record gives a dimension, if any. */
export function scoreOf(record: Record<string, unknown>, dimension: string): number | undefined {
  let node: unknown = record;
  for (const key of [...dimension.split("."), "score"]) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === "number" ? node : undefined;
}
