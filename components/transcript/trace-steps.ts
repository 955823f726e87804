// An agent run read as steps: each tool call paired with the message that
// answers it — by tool_call_id when the source gives ids, else in order (the
// first call still waiting) — with a status a rater can scan: ok, error, or
// no result. Results no call claims are kept as their own steps.
import type { ToolCall, Transcript } from "@/lib/items/types";
import { isToolResult, textOf } from "./transcript-facts";

export type StepStatus = "ok" | "error" | "no_result";
export type ToolStep = {
  call: ToolCall;
  callMessage: number;
  callIndex: number;
  result: number | null;
  status: StepStatus;
  number: number;
};
export type TracePlan = {
  /** Tool steps by the index of the message holding the calls. */
  stepsByMessage: Map<number, ToolStep[]>;
  /** Result messages shown inside their call's step (not again on their own). */
  pairedResults: Set<number>;
  steps: ToolStep[];
};

// How tool output commonly says it failed: an error prefix, a traceback, an error field, a non-zero exit.
const ERROR_PATTERNS = [
  /^\s*(?:error|exception|fatal|failed|failure)\b/i,
  /traceback \(most recent call last\)/i,
  /"(?:error|is_error)"\s*:\s*(?:true|"[^"]+"|\{)/i,
  /\b(?:exit code|exit status|returncode)\s*[:=]?\s*[1-9]\d*/i,
  /^\s*\w*(?:Error|Exception):/m,
];

export function looksLikeError(text: string): boolean {
  return ERROR_PATTERNS.some((pattern) => pattern.test(text));
}

function idsOf(value: string | string[] | undefined): string[] {
  return (typeof value === "string" ? [value] : (value ?? [])).filter((id) => id !== "");
}

export function hasToolCalls(transcript: Transcript): boolean {
  return transcript.messages.some((message) => (message.tool_calls?.length ?? 0) > 0);
}

/** The run's tool calls' names in order: agent.tool_calls[i] judges call i. */
export function toolNamesOf(transcript: Transcript): string[] {
  return transcript.messages.flatMap((message) => message.tool_calls ?? []).map((call) => call.name);
}

export function planTrace(transcript: Transcript): TracePlan {
  const steps: ToolStep[] = [];
  const stepsByMessage = new Map<number, ToolStep[]>();
  const pairedResults = new Set<number>();
  const waiting: ToolStep[] = [];
  transcript.messages.forEach((message, index) => {
    if (message.tool_calls?.length) {
      const made = message.tool_calls.map((call, callIndex): ToolStep => ({
        call,
        callMessage: index,
        callIndex,
        result: null,
        status: "no_result",
        number: steps.length + callIndex + 1,
      }));
      steps.push(...made);
      waiting.push(...made);
      stepsByMessage.set(index, made);
    }
    if (!isToolResult(message)) return;
    const ids = idsOf(message.tool_call_id);
    // By id when the result names its call; one result message answering several ids pairs with the first.
    const byId =
      ids.length > 0 ? waiting.find((step) => step.call.id !== undefined && ids.includes(step.call.id)) : undefined;
    const step =
      byId ??
      (ids.length === 0 || !waiting.some((candidate) => candidate.call.id !== undefined) ? waiting[0] : undefined);
    if (!step) return;
    waiting.splice(waiting.indexOf(step), 1);
    step.result = index;
    step.status = looksLikeError(textOf(message)) ? "error" : "ok";
    pairedResults.add(index);
  });
  return { steps, stepsByMessage, pairedResults };
}

export const STATUS_LABEL: Record<StepStatus, string> = { ok: "ok", error: "error", no_result: "no result" };
