"use client";
// The bridge between an agent run's steps (server-rendered, beside the form)
// and the rating form that owns the tool calls' verdicts. The form's data stays
// the one source of state: the form publishes its rows here on every change,
// and a step's button or key asks the form to change its data (the form's
// table and the steps then both show the result). No form on the page (a
// record page, a read-only view): nothing attached, the steps show no controls.
import { useSyncExternalStore } from "react";
import type { ToolCallVerdict, VerdictChange } from "@/lib/aif/tool-call-verdicts";

type Writer = (index: number, tool: string, change: VerdictChange) => void;
type State = { verdicts: ToolCallVerdict[]; write: Writer; owner: symbol } | null;

let state: State = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** The rating form takes the verdicts: returns how it lets go (on unmount). */
export function attachTraceForm(verdicts: ToolCallVerdict[], write: Writer): () => void {
  const owner = Symbol("trace form");
  state = { verdicts, write, owner };
  notify();
  return () => {
    // A form mounted since (a restart of the form) keeps its own.
    if (state?.owner !== owner) return;
    state = null;
    notify();
  };
}

/** The form's rows after each change of its data. */
export function publishVerdicts(verdicts: ToolCallVerdict[]): void {
  if (!state) return;
  const previous = state.verdicts;
  // A row that did not change keeps its object, so only the steps whose verdict changed render again.
  const kept = verdicts.map((verdict, index) => (sameVerdict(previous[index], verdict) ? previous[index]! : verdict));
  if (kept.length === previous.length && kept.every((verdict, index) => verdict === previous[index])) return;
  state = { ...state, verdicts: kept };
  notify();
}

function sameVerdict(a: ToolCallVerdict | undefined, b: ToolCallVerdict): boolean {
  return a !== undefined && a.call_ok === b.call_ok && a.params_ok === b.params_ok && a.redundant === b.redundant;
}

export function changeVerdict(index: number, tool: string, change: VerdictChange): boolean {
  if (!state) return false;
  state.write(index, tool, change);
  return true;
}

export function verdictAt(index: number): ToolCallVerdict | undefined {
  return state?.verdicts[index];
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const NOT_ATTACHED = "not attached" as const;

/** A step's verdict; "not attached" when no form takes it (and on the server). */
export function useStepVerdict(index: number): ToolCallVerdict | undefined | typeof NOT_ATTACHED {
  return useSyncExternalStore(
    subscribe,
    () => (state ? state.verdicts[index] : NOT_ATTACHED),
    () => NOT_ATTACHED,
  );
}
