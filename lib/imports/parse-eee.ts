// Every Eval Ever instance-level records → items. 0.2.x lines
// (../shared/specs/eee-instance-level.schema.json) are read tolerantly: the
// variants seen in the wild are accepted and noted (input.reference / output.raw
// as arrays, version spellings, conversations under `messages`, extra fields,
// nulls for objects). 0.3.x lines are held to the 0.3.0 schema
// (./eee-030-rules.ts), which upstream's own validator enforces. Media of
// output.media[] become transcript segments (./eee-media.ts).
import { createHash } from "node:crypto";
import type { Item, Segment, ToolCall, TranscriptMessage } from "@/lib/items/types";
import { LineLog, readText, scalarTags, type LineResult } from "./line-result";
import { isPlainObject } from "@/lib/is-plain-object";
import { eee030Issues } from "./eee-030-rules";
import { answerSegments } from "./eee-media";
import { readEeeVersion } from "./eee-version";

const MODALITY_OF = { single_turn: "chat", multi_turn: "chat", agentic: "agent" } as const;

function textSegments(text: string | undefined): Segment[] {
  return text === undefined || text === "" ? [] : [{ type: "text", text }];
}

/**
 * 0.3.0 wants every argument value a string, and upstream's Inspect converter
 * writes each as JSON (`json.dumps(v)`): when every value is JSON, they are
 * decoded for the rater; plain strings stay as they are.
 */
function decodedArguments(args: Record<string, unknown>, field: string, log: LineLog): Record<string, unknown> {
  const decoded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (typeof value !== "string") return args;
    try {
      decoded[key] = JSON.parse(value);
    } catch {
      return args;
    }
  }
  if (Object.keys(decoded).length > 0)
    log.note(field, "argument values were JSON text (as upstream's converters write them); decoded");
  return decoded;
}

function readToolCalls(value: unknown, field: string, log: LineLog, strict: boolean): ToolCall[] | undefined {
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
    if (strict && isPlainObject(args)) args = decodedArguments(args, `${field}/${index}/arguments`, log);
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

function readTurns(record: Record<string, unknown>, log: LineLog, strict: boolean): TranscriptMessage[] {
  const key = Array.isArray(record.interactions) ? "interactions" : Array.isArray(record.messages) ? "messages" : null;
  if (key === null) {
    log.error("/interactions", "required", "multi_turn and agentic records need interactions (or messages)");
    return [];
  }
  // 0.3.0 renamed 0.2.x's `interactions` to `messages`; 0.2.x files using `messages` anticipated it.
  if (key === "messages" && !strict)
    log.note("/messages", "conversation given as `messages` instead of `interactions`");
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
    const toolCalls = readToolCalls(turn.tool_calls, `${field}/tool_calls`, log, strict);
    const message: TranscriptMessage = { role: turn.role, content: textSegments(content) };
    if (toolCalls && toolCalls.length > 0) message.tool_calls = toolCalls;
    if (typeof turn.tool_call_id === "string" || Array.isArray(turn.tool_call_id))
      message.tool_call_id = turn.tool_call_id as string | string[];
    if (typeof turn.reasoning_trace === "string" && turn.reasoning_trace !== "")
      message.reasoning = turn.reasoning_trace;
    return [message];
  });
}

function dropRepeatedFields(log: LineLog): void {
  const seen = new Set<string>();
  const kept = log.errors.filter((error) => !seen.has(error.field) && seen.add(error.field));
  log.errors.splice(0, log.errors.length, ...kept);
}

export function parseEeeRecord(record: unknown, line: number): LineResult {
  const log = new LineLog(line);
  if (!isPlainObject(record)) {
    log.error("", "type", "each line must be a JSON object");
    return log.result(null);
  }
  const version = readEeeVersion(record.schema_version);
  if (!version.ok) log.error("/schema_version", "supportedVersion", version.message);
  else if (version.note) log.note("/schema_version", version.note);
  const strict = version.ok && version.family === "0.3";
  if (strict) {
    // Upstream's pydantic types write null for an absent optional evaluation_result_id (its
    // Inspect converter dumps every field), though the schema types it as a string: read as absent.
    const checked = record.evaluation_result_id === null ? { ...record, evaluation_result_id: undefined } : record;
    if (checked !== record) {
      delete checked.evaluation_result_id;
      log.note("/evaluation_result_id", "null (as upstream's converters write an absent one); read as absent");
    }
    for (const issue of eee030Issues(checked)) {
      // A newer minor version may add top-level fields: those are noted, not refused.
      if (version.newer && issue.rule === "additionalProperties" && issue.field.lastIndexOf("/") === 0)
        log.note(issue.field, `not a 0.3.0 field; kept in the source record, not read`);
      else log.error(issue.field, issue.rule, issue.message);
    }
  }
  // 0.3.0 makes lists of input.reference and output.raw: read as text without a note.
  const textLog = strict || !version.ok ? new LineLog(line) : log;
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
      ? readText(input.reference, "/input/reference", textLog)
      : undefined;

  let messages: TranscriptMessage[] = [];
  if (interaction === "single_turn") {
    const output = isPlainObject(record.output) ? record.output : null;
    const answer = output ? readText(output.raw, "/output/raw", textLog) : undefined;
    if (answer === undefined) log.error("/output/raw", "required", "a single_turn record needs output.raw as text");
    const raw = output?.raw;
    const parts =
      Array.isArray(raw) && raw.every((part) => typeof part === "string") ? (raw as string[]) : [answer ?? ""];
    const assistant: TranscriptMessage = {
      role: "assistant",
      content: answer === undefined ? [] : answerSegments(parts, output?.media, log),
    };
    const reasoning = output ? readText(output.reasoning_trace, "/output/reasoning_trace", textLog) : undefined;
    if (reasoning) assistant.reasoning = reasoning;
    messages = [{ role: "user", content: textSegments(prompt) }, assistant];
  } else if (interaction === "multi_turn" || interaction === "agentic") {
    messages = readTurns(record, log, strict);
    if (messages.length > 0 && !messages.some((message) => message.role === "user") && prompt) {
      messages.unshift({ role: "user", content: textSegments(prompt) });
    }
  }
  if (record.evaluation === null) log.note("/evaluation", "null; no automatic scores");
  // The schema's refusal of a field comes first and says more than the reader's own check of it.
  if (strict) dropRepeatedFields(log);
  if (log.errors.length > 0 || interaction === undefined) return log.result(null);

  const evaluationName = typeof record.evaluation_name === "string" ? record.evaluation_name : "eee";
  // Text-to-image records (upstream's `modality: "text_to_image"`) are rated as multimodal items.
  const textToImage = record.modality === "text_to_image";
  const modality = textToImage ? "multimodal" : MODALITY_OF[interaction as keyof typeof MODALITY_OF];
  const resultId =
    typeof record.evaluation_result_id === "string" && record.evaluation_result_id !== ""
      ? record.evaluation_result_id
      : undefined;
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
      modality_tags: modality === "agent" ? ["agent", "tool_use"] : textToImage ? ["multimodal", "vision"] : ["chat"],
    },
    transcript: { messages },
    ...(choices.length > 0
      ? { options: choices.map((content, index) => ({ id: String.fromCharCode(65 + index), content })) }
      : {}),
    ...(Object.keys(automaticScores).length > 0 ? { automatic_scores: automaticScores } : {}),
    tags: {
      evaluation_name: evaluationName,
      interaction_type: interaction as string,
      ...(resultId === undefined ? {} : { evaluation_result_id: resultId }),
      ...scalarTags(record.metadata, "metadata."),
    },
    // One sample scored by several aggregate results comes as one line per result (0.3.0's evaluation_result_id).
    source: {
      format: "eee",
      record,
      dedupe_key: `${sampleHash}|${modelId as string}${resultId === undefined ? "" : `|${resultId}`}`,
    },
  };
  return log.result(item);
}
