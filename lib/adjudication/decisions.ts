// What the adjudicator did with each field: kept a source's value (naming
// every source that gave it), edited it (a value no source gave), or removed
// it (no value where some source gave one). The adjudication sidecar carries
// these, beside every source eval_id. Pure.
import { compareRecords } from "@/lib/records/field-comparison";

export type FieldDecision =
  | { pointer: string; decision: "kept"; from: string[] }
  | { pointer: string; decision: "edited" }
  | { pointer: string; decision: "removed" };

export function fieldDecisions(
  authoritative: Record<string, unknown>,
  sources: readonly { evalId: string; body: Record<string, unknown> }[],
): FieldDecision[] {
  const fields = compareRecords([authoritative, ...sources.map((source) => source.body)]);
  return fields.map((field): FieldDecision => {
    const [chosen, ...given] = field.values;
    if (chosen === undefined) return { pointer: field.pointer, decision: "removed" };
    const from = sources.filter((_, index) => given[index] === chosen).map((source) => source.evalId);
    return from.length > 0
      ? { pointer: field.pointer, decision: "kept", from }
      : { pointer: field.pointer, decision: "edited" };
  });
}
