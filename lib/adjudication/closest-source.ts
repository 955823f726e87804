// Which source record the adjudicator's decision is closest to: the one whose
// value was kept on the most fields (ties: the earliest). The page offers it
// as the default choice of derived_from. Pure.
import { fieldDecisions } from "./decisions";

export function closestSource(
  decision: Record<string, unknown>,
  sources: readonly { evalId: string; body: Record<string, unknown> }[],
): string | undefined {
  const kept = new Map(sources.map((source) => [source.evalId, 0]));
  for (const field of fieldDecisions(decision, sources)) {
    if (field.decision === "kept") for (const evalId of field.from) kept.set(evalId, (kept.get(evalId) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const source of sources)
    if (best === undefined || kept.get(source.evalId)! > kept.get(best)!) best = source.evalId;
  return best;
}
