// The agent extension as the item already tells it: one tool_calls row per
// call in the transcript (its tool name filled), and efficiency figures from
// the item's automatic scores (EEE's evaluation/token_usage/performance,
// gage's eval_result, or the AIF names themselves). The rater judges each
// call; nothing here is a judgment.
import type { Item } from "@/lib/items/types";

type Efficiency = { n_turns?: number; n_tokens?: number; n_toolcalls?: number; latency_ms?: number };

// Where each efficiency figure may sit in automatic_scores, whatever the source's nesting.
const SOURCES: Record<keyof Efficiency, readonly string[]> = {
  n_toolcalls: ["n_toolcalls", "tool_calls_count", "num_tool_calls", "n_tool_calls"],
  latency_ms: ["latency_ms", "total_latency_ms", "duration_ms", "generation_time_ms"],
  n_turns: ["n_turns", "num_turns", "turns"],
  n_tokens: ["n_tokens", "total_tokens"],
};

/** Every key → value in an object tree, depth first, the shallowest first. */
function findNumber(tree: unknown, names: readonly string[], depth = 0): number | undefined {
  if (typeof tree !== "object" || tree === null || depth > 4) return undefined;
  const entries = Object.entries(tree as Record<string, unknown>);
  for (const [key, value] of entries) {
    if (names.includes(key) && typeof value === "number" && Number.isInteger(value) && value >= 0) return value;
  }
  for (const [, value] of entries) {
    const found = findNumber(value, names, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function agentPrefill(
  item: Pick<Item, "task" | "transcript" | "automatic_scores">,
): Record<string, unknown> | null {
  if (item.task.modality !== "agent") return null;
  const calls = (item.transcript?.messages ?? []).flatMap((message) => message.tool_calls ?? []);
  const efficiency: Efficiency = {};
  for (const [field, names] of Object.entries(SOURCES) as [keyof Efficiency, readonly string[]][]) {
    const value = findNumber(item.automatic_scores, names);
    if (value !== undefined) efficiency[field] = value;
  }
  // The transcript itself counts the calls when the source did not.
  if (efficiency.n_toolcalls === undefined && calls.length > 0) efficiency.n_toolcalls = calls.length;
  const prefill: Record<string, unknown> = {};
  if (calls.length > 0) prefill.tool_calls = calls.map((call) => ({ tool: call.name }));
  if (Object.keys(efficiency).length > 0) prefill.efficiency = efficiency;
  return Object.keys(prefill).length > 0 ? prefill : null;
}
