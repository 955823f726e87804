// A tool call's verdict as the AIF agent extension stores it: three yes/no
// judgments on agent.tool_calls[i] (call_ok, params_ok, redundant), each left
// out until judged. The trace's step controls and keys and the form's table
// write the same fields; these are the changes one key or button makes.
import { isPlainObject } from "@/lib/is-plain-object";

type Draft = Record<string, unknown>;
export type ToolCallVerdict = { call_ok?: boolean; params_ok?: boolean; redundant?: boolean };

/** What one step key or button does to its call's verdict. */
export type VerdictChange = "ok" | "wrong_tool" | "wrong_arguments" | "redundant" | "clear";

/** The flaws, each the "bad" value of one AIF field; pressing one again gives the field its good value. */
export const FLAWS = {
  wrong_tool: { field: "call_ok", bad: false },
  wrong_arguments: { field: "params_ok", bad: false },
  redundant: { field: "redundant", bad: true },
} as const satisfies Record<string, { field: keyof ToolCallVerdict; bad: boolean }>;
export type Flaw = keyof typeof FLAWS;

export const VERDICT_LABEL: Record<Exclude<VerdictChange, "clear">, string> = {
  ok: "Ok",
  wrong_tool: "Wrong tool",
  wrong_arguments: "Wrong arguments",
  redundant: "Unnecessary call",
};

const ALL_GOOD: Required<ToolCallVerdict> = { call_ok: true, params_ok: true, redundant: false };

export function isAllGood(verdict: ToolCallVerdict | undefined): boolean {
  return verdict?.call_ok === true && verdict.params_ok === true && verdict.redundant === false;
}

export function hasFlaw(verdict: ToolCallVerdict | undefined, flaw: Flaw): boolean {
  const { field, bad } = FLAWS[flaw];
  return verdict?.[field] === bad;
}

export function isJudged(verdict: ToolCallVerdict | undefined): boolean {
  return (
    verdict !== undefined && (["call_ok", "params_ok", "redundant"] as const).some((f) => verdict[f] !== undefined)
  );
}

function changed(row: Record<string, unknown>, change: VerdictChange): Record<string, unknown> {
  const { call_ok: _c, params_ok: _p, redundant: _r, ...rest } = row;
  if (change === "clear") return rest;
  if (change === "ok") return { ...rest, ...ALL_GOOD };
  const { field, bad } = FLAWS[change];
  return { ...row, [field]: row[field] === bad ? !bad : bad };
}

/**
 * The draft with call `index`'s verdict changed. A row the form does not hold yet (the rater deleted rows in the
 * table) is made with its call's tool name, rows before it too, so that the index still names the call and each
 * made row is valid (`tool` is required): `toolNames` are the run's calls in order.
 */
export function withToolCallVerdict(
  draft: Draft,
  index: number,
  tool: string,
  change: VerdictChange,
  toolNames: readonly string[] = [],
): Draft {
  const agent = isPlainObject(draft.agent) ? draft.agent : {};
  const rows = Array.isArray(agent.tool_calls) ? [...agent.tool_calls] : [];
  while (rows.length <= index) {
    const name = rows.length === index ? tool : toolNames[rows.length];
    rows.push(name ? { tool: name } : {});
  }
  const row = isPlainObject(rows[index]) ? rows[index] : {};
  rows[index] = changed({ ...row, tool: typeof row.tool === "string" && row.tool !== "" ? row.tool : tool }, change);
  return { ...draft, agent: { ...agent, tool_calls: rows } };
}

/** The verdict of each row, as the trace shows them. */
export function toolCallVerdicts(draft: Draft): ToolCallVerdict[] {
  const agent = isPlainObject(draft.agent) ? draft.agent : {};
  if (!Array.isArray(agent.tool_calls)) return [];
  return agent.tool_calls.map((row) => {
    if (!isPlainObject(row)) return {};
    const verdict: ToolCallVerdict = {};
    for (const field of ["call_ok", "params_ok", "redundant"] as const)
      if (typeof row[field] === "boolean") verdict[field] = row[field] as boolean;
    return verdict;
  });
}
