// The identity of an item imported from Every Eval Ever, read back from the
// source line its item keeps (item.source.record, lib/imports/parse-eee.ts),
// so the export's lines join the source's on sample_id and sample_hash: the
// source's sample_id (not the item's prefixed task_id), its sample_hash, its
// input with the reference list as a list, and the model's output (output for
// single_turn, messages for multi_turn and agentic). 0.3.x lines were held to
// the 0.3.0 schema at import and are copied; 0.2.x lines are brought to
// 0.3.0's shapes (a string where 0.3.0 has a list becomes a one-element list).
import { isPlainObject } from "@/lib/is-plain-object";
import { readEeeVersion } from "@/lib/imports/eee-version";

type Json = Record<string, unknown>;

export type EeeSourceIdentity = {
  model_id: string;
  sample_id: string;
  sample_hash: string;
  interaction_type: "single_turn" | "multi_turn" | "agentic";
  input: Json;
  output: Json | null;
  messages?: Json[];
  /** The source's own evaluation, for the line's metadata (the join's other half names them). */
  evaluation_id?: string;
  evaluation_name?: string;
  evaluation_result_id?: string;
};

const strings = (value: unknown): string[] | undefined =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value) && value.every((part) => typeof part === "string")
      ? (value as string[])
      : undefined;

const textOrNull = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** 0.3.0's arguments: a map of strings, each value written as JSON (as upstream's converters do). */
function argumentsOf(value: unknown): Record<string, string> | null {
  let args = value;
  if (typeof args === "string") {
    try {
      args = JSON.parse(args);
    } catch {
      return null;
    }
  }
  if (!isPlainObject(args)) return null;
  return Object.fromEntries(Object.entries(args).map(([key, arg]) => [key, JSON.stringify(arg) ?? "null"]));
}

/** A 0.2.x turn (of `interactions` or `messages`) in 0.3.0's message shape. */
function messageOf(turn: unknown, index: number): Json | null {
  if (!isPlainObject(turn) || typeof turn.role !== "string") return null;
  const toolCalls = Array.isArray(turn.tool_calls)
    ? turn.tool_calls.filter(isPlainObject).map((call) => ({
        id: typeof call.id === "string" ? call.id : "",
        name: typeof call.name === "string" ? call.name : "",
        arguments: argumentsOf(call.arguments),
      }))
    : null;
  return {
    turn_idx: Number.isInteger(turn.turn_idx) && (turn.turn_idx as number) >= 0 ? turn.turn_idx : index,
    role: turn.role,
    content: textOrNull(turn.content),
    reasoning_trace: textOrNull(turn.reasoning_trace),
    tool_calls: toolCalls,
    tool_call_id: strings(turn.tool_call_id) ?? null,
  };
}

/** Upstream's sample_hash recipe (./eee-instance.ts), for a source line that had none. */
type HashOf = (raw: string, reference: string[]) => string;

/**
 * The source's identity, or null when the item came from elsewhere (or its
 * line lacks what an identity needs: then the line is made from the record alone).
 */
export function eeeSourceIdentity(source: unknown, hashOf: HashOf): EeeSourceIdentity | null {
  if (!isPlainObject(source) || source.format !== "eee" || !isPlainObject(source.record)) return null;
  const line = source.record;
  const version = readEeeVersion(line.schema_version);
  if (!version.ok) return null;
  const interaction = line.interaction_type;
  if (interaction !== "single_turn" && interaction !== "multi_turn" && interaction !== "agentic") return null;
  const sampleId = line.sample_id;
  if (typeof sampleId !== "string" && typeof sampleId !== "number") return null;
  if (typeof line.model_id !== "string" || !isPlainObject(line.input) || typeof line.input.raw !== "string")
    return null;
  const reference = line.input.reference === null ? [] : (strings(line.input.reference) ?? []);
  const input: Json = { raw: line.input.raw, reference };
  if (typeof line.input.formatted === "string") input.formatted = line.input.formatted;
  const choices = strings(line.input.choices);
  if (choices) input.choices = choices;

  let output: Json | null = null;
  let messages: Json[] | undefined;
  if (interaction === "single_turn") {
    const out = isPlainObject(line.output) ? line.output : {};
    output = { raw: strings(out.raw) ?? [] };
    const reasoning = strings(out.reasoning_trace);
    if (reasoning) output.reasoning_trace = reasoning;
    if (Array.isArray(out.media)) output.media = out.media;
  } else {
    const turns: unknown[] = Array.isArray(line.messages)
      ? line.messages
      : Array.isArray(line.interactions)
        ? line.interactions
        : [];
    messages =
      version.family === "0.3"
        ? (turns as Json[])
        : turns
            .flatMap((turn, index): Json[] => {
              const message = messageOf(turn, index);
              return message ? [message] : [];
            })
            .sort((a, b) => (a.turn_idx as number) - (b.turn_idx as number));
  }
  const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);
  return {
    model_id: line.model_id,
    sample_id: String(sampleId),
    sample_hash: text(line.sample_hash) ?? hashOf(line.input.raw, reference),
    interaction_type: interaction,
    input,
    output,
    ...(messages === undefined ? {} : { messages }),
    evaluation_id: text(line.evaluation_id),
    evaluation_name: text(line.evaluation_name),
    evaluation_result_id: text(line.evaluation_result_id),
  };
}
