// Every Eval Ever instance-level records (../shared/specs/eee-instance-level.schema.json)
// → items. Real files deviate from the spec; the variants seen in the wild are
// accepted and noted: input.reference / output.raw as arrays, 0.2.x version
// spellings, conversations under `messages`, extra fields, nulls for objects.
import { createHash } from "node:crypto";
import type { Item, Segment, ToolCall, TranscriptMessage } from "@/lib/items/types";
import { LineLog, readText, scalarTags, type LineResult } from "./line-result";
import { isPlainObject } from "@/lib/is-plain-object";

const SUPPORTED_VERSION = /^(?:instance_level_eval_)?v?0\.2(?:\.\d+)?$/;
const MODALITY_OF = { single_turn: "chat", multi_turn: "chat", agentic: "agent" } as const;

function textSegments(text: string | undefined): Segment[] {
  return text === undefined || text === "" ? [] : [{ type: "text", text }];
}

function readToolCalls(value: unknown, field: string, log: LineLog): ToolCall[] | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Array.isArray(value)) {
    log.error(field, "type", "tool_calls must be an array");
    return undefined;
  }
  return value.flatMap((call, index) => {
    if (!isPlainObject(call) || typeof call.name !== "string") {
      log.error(`${field}/${index}/name`, "required", "a tool call needs a name");
      return [];
    }
    let args = call.arguments;
    if (typeof args === "string") {
      try {
        args = JSON.parse(args);
        log.note(`${field}/${index}/arguments`, "was a JSON string; parsed");
      } catch {
        // Arguments that are not JSON are kept as the string they are.
      }
    }
    return [
      {
        ...(typeof call.id === "string" ? { id: call.id } : {}),
        name: call.name,
        ...(args === undefined ? {} : { arguments: args }),
      },
    ];
  });
}

function readTurns(record: Record<string, unknown>, log: LineLog): TranscriptMessage[] {
  const key = Array.isArray(record.interactions) ? "interactions" : Array.isArray(record.messages) ? "messages" : null;
  if (key === null) {
    log.error("/interactions", "required", "multi_turn and agentic records need interactions (or messages)");
    return [];
  }
  if (key === "messages") log.note("/messages", "conversation given as `messages` instead of `interactions`");
  const turns = (record[key] as unknown[]).map((turn, index) => ({ turn, index }));
  const ordered = turns.every(({ turn }) => isPlainObject(turn) && typeof turn.turn_idx === "number")
    ? [...turns].sort((a, b) => (a.turn as { turn_idx: number }).turn_idx - (b.turn as { turn_idx: number }).turn_idx)
    : turns;
  return ordered.flatMap(({ turn, index }) => {
    const field = `/${key}/${index}`;
    if (!isPlainObject(turn) || typeof turn.role !== "string" || turn.role === "") {
      log.error(`${field}/role`, "required", "each turn needs a role");
      return [];
    }
    const content =
      turn.content === null || turn.content === undefined ? undefined : readText(turn.content, `${field}/content`, log);
    if (turn.content !== null && turn.content !== undefined && content === undefined)
      log.error(`${field}/content`, "type", "content must be text");
    const toolCalls = readToolCalls(turn.tool_calls, `${field}/tool_calls`, log);
    const message: TranscriptMessage = { role: turn.role, content: textSegments(content) };
    if (toolCalls && toolCalls.length > 0) message.tool_calls = toolCalls;
    if (typeof turn.tool_call_id === "string" || Array.isArray(turn.tool_call_id))
      message.tool_call_id = turn.tool_call_id as string | string[];
    if (typeof turn.reasoning_trace === "string" && turn.reasoning_trace !== "")
      message.reasoning = turn.reasoning_trace;
    return [message];
  });
}

export function parseEeeRecord(record: unknown, line: number): LineResult {
  const log = new LineLog(line);
  if (!isPlainObject(record)) {
    log.error("", "type", "each line must be a JSON object");
    return log.result(null);
  }
  const version = record.schema_version;
  if (version === undefined || version === null) log.note("/schema_version", "missing; read as 0.2");
  else if (typeof version !== "string" || !SUPPORTED_VERSION.test(version)) {
    log.error(
      "/schema_version",
      "supportedVersion",
      `schema_version ${JSON.stringify(version)} is not a 0.2.x instance-level version`,
    );
  }
  const modelId = record.model_id;
  if (typeof modelId !== "string" || modelId === "") log.error("/model_id", "required", "model_id is required");
  const sampleId = record.sample_id;
  if (typeof sampleId !== "string" && typeof sampleId !== "number")
    log.error("/sample_id", "required", "sample_id is required (string or integer)");
  const interaction = record.interaction_type;
  if (interaction !== "single_turn" && interaction !== "multi_turn" && interaction !== "agentic") {
    log.error("/interaction_type", "enum", "interaction_type must be single_turn, multi_turn or agentic");
  }
  const input = isPlainObject(record.input) ? record.input : null;
  if (!input) log.error("/input", "required", "input is required and must be an object");
  const prompt = input ? readText(input.raw, "/input/raw", log) : undefined;
  if (input && prompt === undefined) log.error("/input/raw", "required", "input.raw must be text");
  const reference =
    input && input.reference !== undefined && input.reference !== null
      ? readText(input.reference, "/input/reference", log)
      : undefined;

  let messages: TranscriptMessage[] = [];
  if (interaction === "single_turn") {
    const output = isPlainObject(record.output) ? record.output : null;
    const answer = output ? readText(output.raw, "/output/raw", log) : undefined;
    if (answer === undefined) log.error("/output/raw", "required", "a single_turn record needs output.raw as text");
    const assistant: TranscriptMessage = { role: "assistant", content: textSegments(answer) };
    if (output && typeof output.reasoning_trace === "string" && output.reasoning_trace !== "")
      assistant.reasoning = output.reasoning_trace;
    messages = [{ role: "user", content: textSegments(prompt) }, assistant];
  } else if (interaction === "multi_turn" || interaction === "agentic") {
    messages = readTurns(record, log);
    if (messages.length > 0 && !messages.some((message) => message.role === "user") && prompt) {
      messages.unshift({ role: "user", content: textSegments(prompt) });
    }
  }
  if (record.evaluation === null) log.note("/evaluation", "null; no automatic scores");
  if (log.errors.length > 0 || interaction === undefined) return log.result(null);

  const evaluationName = typeof record.evaluation_name === "string" ? record.evaluation_name : "eee";
  const modality = MODALITY_OF[interaction as keyof typeof MODALITY_OF];
  const sampleHash =
    typeof record.sample_hash === "string" && record.sample_hash !== ""
      ? record.sample_hash
      : createHash("sha256")
          .update(`${prompt ?? ""}\u0000${reference ?? ""}`)
          .digest("hex");
  const automaticScores: Record<string, unknown> = {};
  for (const key of ["evaluation", "answer_attribution", "token_usage", "performance", "error"] as const) {
    if (record[key] !== undefined && record[key] !== null) automaticScores[key] = record[key];
  }
  const choices =
    input && Array.isArray(input.choices)
      ? input.choices.filter((choice): choice is string => typeof choice === "string")
      : [];
  const item: Item = {
    task: {
      task_id: `${evaluationName}:${String(sampleId)}`,
      suite_id: evaluationName,
      modality,
      prompt: prompt ?? "",
      ...(reference === undefined ? {} : { reference }),
    },
    subject: {
      system_under_test: modelId as string,
      model: modelId as string,
      modality_tags: modality === "agent" ? ["agent", "tool_use"] : ["chat"],
    },
    transcript: { messages },
    ...(choices.length > 0
      ? { options: choices.map((content, index) => ({ id: String.fromCharCode(65 + index), content })) }
      : {}),
    ...(Object.keys(automaticScores).length > 0 ? { automatic_scores: automaticScores } : {}),
    tags: {
      evaluation_name: evaluationName,
      interaction_type: interaction as string,
      ...scalarTags(record.metadata, "metadata."),
    },
    source: { format: "eee", record, dedupe_key: `${sampleHash}|${modelId as string}` },
  };
  return log.result(item);
}
