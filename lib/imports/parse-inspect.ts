// Inspect AI eval logs (JSON; inspect_ai/log/_log.py EvalLog) → items, one per
// sample. The log is one JSON document; expandInspectLog turns it into one
// entry per sample (numbered by position in `samples`), each carrying the
// log's `eval` header (task, model). A bare EvalSample per line (JSON Lines) is
// read too. Messages keep their tool calls; `scores` become automatic scores
// with each scorer's explanation kept. Facts and their sources:
// lib/imports/fixtures/README.md.
import type { Item, Segment, ToolCall, TranscriptMessage } from "@/lib/items/types";
import { isPlainObject } from "@/lib/is-plain-object";
import type { Entry, EntryNote } from "./read-entries";
import { LineLog, type LineResult } from "./line-result";

/** One sample of a log, with the log's header. */
type SampleEntry = { inspect_eval: Record<string, unknown>; sample: unknown };

function isSampleEntry(value: unknown): value is SampleEntry {
  return isPlainObject(value) && isPlainObject(value.inspect_eval) && "sample" in value;
}

/** A whole log (an object with `eval` and `samples`) → one entry per sample; anything else passes through. */
export function expandInspectLog(entry: Entry): Entry[] {
  if (!("value" in entry) || !isPlainObject(entry.value) || !isPlainObject(entry.value.eval)) return [entry];
  const log = entry.value;
  const header = log.eval as Record<string, unknown>;
  if (!Array.isArray(log.samples) || log.samples.length === 0) {
    return [
      {
        line: entry.line,
        refusal: {
          line: entry.line,
          field: "/samples",
          rule: "noSamples",
          message: `the log (status ${JSON.stringify(log.status ?? "unknown")}) holds no samples: written with --no-log-samples, or a header-only read; export it with samples`,
        },
      },
    ];
  }
  // A note of the reader (an escaped NUL at /samples/3/input) belongs to its sample (line 4, /sample/input);
  // one outside the samples (the header) to the first sample.
  const notesOf = new Map<number, EntryNote[]>();
  for (const note of entry.notes ?? []) {
    const match = /^\/samples\/(\d+)(\/.*)?$/.exec(note.field);
    const index = match ? Number(match[1]) : 0;
    const field = match ? `/sample${match[2] ?? ""}` : note.field;
    notesOf.set(index, [...(notesOf.get(index) ?? []), { ...note, field }]);
  }
  return log.samples.map((sample, index) => {
    const notes = notesOf.get(index);
    return {
      line: index + 1,
      value: { inspect_eval: { ...header, status: log.status }, sample } satisfies SampleEntry,
      ...(notes ? { notes } : {}),
    };
  });
}

/** Inspect content: a string or a list of content parts (text, reasoning, image, …). */
function readContent(content: unknown, field: string, log: LineLog): { segments: Segment[]; reasoning?: string } {
  if (typeof content === "string") return { segments: content === "" ? [] : [{ type: "text", text: content }] };
  if (!Array.isArray(content)) {
    log.error(field, "type", "content must be a string or a list of content parts");
    return { segments: [] };
  }
  const segments: Segment[] = [];
  const reasoning: string[] = [];
  content.forEach((part, index) => {
    if (!isPlainObject(part)) return log.error(`${field}/${index}`, "type", "a content part must be an object");
    if (part.type === "text" && typeof part.text === "string") segments.push({ type: "text", text: part.text });
    else if (part.type === "reasoning" && typeof part.reasoning === "string") reasoning.push(part.reasoning);
    else if (part.type === "image" && typeof part.image === "string") segments.push({ type: "image", url: part.image });
    else if ((part.type === "audio" || part.type === "video") && typeof part[part.type] === "string")
      segments.push({ type: part.type, url: part[part.type] as string });
    else log.note(`${field}/${index}`, `content part of type ${JSON.stringify(part.type)} left out`);
  });
  return reasoning.length > 0 ? { segments, reasoning: reasoning.join("\n") } : { segments };
}

function readToolCalls(value: unknown, field: string, log: LineLog): ToolCall[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((call, index) => {
    // Inspect's ToolCall names the tool `function` (inspect_ai/tool/_tool_call.py).
    if (!isPlainObject(call) || typeof call.function !== "string") {
      log.error(`${field}/${index}/function`, "required", "a tool call needs its function name");
      return [];
    }
    return [
      {
        ...(typeof call.id === "string" ? { id: call.id } : {}),
        name: call.function,
        ...(call.arguments === undefined ? {} : { arguments: call.arguments }),
      },
    ];
  });
}

function readMessages(messages: unknown, log: LineLog): TranscriptMessage[] {
  if (!Array.isArray(messages)) return [];
  return messages.flatMap((message, index): TranscriptMessage[] => {
    const field = `/sample/messages/${index}`;
    if (!isPlainObject(message) || typeof message.role !== "string") {
      log.error(`${field}/role`, "required", "each message needs a role");
      return [];
    }
    const { segments, reasoning } = readContent(message.content, `${field}/content`, log);
    const result: TranscriptMessage = { role: message.role, content: segments };
    const calls = readToolCalls(message.tool_calls, `${field}/tool_calls`, log);
    if (calls.length > 0) result.tool_calls = calls;
    if (typeof message.tool_call_id === "string") result.tool_call_id = message.tool_call_id;
    else if (Array.isArray(message.tool_call_id) && message.tool_call_id.every((id) => typeof id === "string"))
      result.tool_call_id = message.tool_call_id as string[];
    if (reasoning) result.reasoning = reasoning;
    if (message.role === "tool" && isPlainObject(message.error) && typeof message.error.message === "string")
      result.content.push({ type: "text", text: `[tool error] ${message.error.message}` });
    return [result];
  });
}

function text(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((part) => typeof part === "string")) return value.join("\n");
  return undefined;
}

export function parseInspectSample(record: unknown, line: number, options: { systemUnderTest?: string }): LineResult {
  const log = new LineLog(line);
  const header = isSampleEntry(record) ? record.inspect_eval : {};
  const sample = isSampleEntry(record) ? record.sample : record;
  if (!isPlainObject(sample)) {
    log.error("/sample", "type", "a sample must be a JSON object (an Inspect EvalSample)");
    return log.result(null);
  }
  if (typeof sample.id !== "string" && typeof sample.id !== "number")
    log.error("/sample/id", "required", "a sample needs an id (string or integer)");
  const output = isPlainObject(sample.output) ? sample.output : {};
  const model =
    (typeof header.model === "string" && header.model) ||
    (typeof output.model === "string" && output.model) ||
    options.systemUnderTest;
  if (!model) log.error("/eval/model", "required", "the log's eval.model (or a system under test) is required");
  const task = typeof header.task === "string" && header.task !== "" ? header.task : "inspect";
  let messages = readMessages(sample.messages, log);
  const prompt =
    text(sample.input) ??
    messages
      .find((message) => message.role === "user")
      ?.content.flatMap((segment) => (segment.type === "text" ? [segment.text] : []))
      .join("\n");
  if (prompt === undefined) log.error("/sample/input", "required", "a sample needs its input as text or messages");
  if (messages.length === 0) {
    // A sample written without messages: the input and the output's completion make the transcript.
    const completion = typeof output.completion === "string" ? output.completion : "";
    messages = [
      { role: "user", content: prompt ? [{ type: "text", text: prompt }] : [] },
      { role: "assistant", content: completion ? [{ type: "text", text: completion }] : [] },
    ];
    log.note("/sample/messages", "missing; the transcript is the input and output.completion");
  }
  if (typeof sample.error === "object" && sample.error !== null)
    log.note("/sample/error", "the sample ended with an error; its transcript is as far as it got");
  if (log.errors.length > 0 || !model) return log.result(null);

  const epoch = typeof sample.epoch === "number" ? sample.epoch : 1;
  const sampleId = String(sample.id);
  const automatic: Record<string, unknown> = {};
  if (isPlainObject(sample.scores)) {
    for (const [scorer, score] of Object.entries(sample.scores)) {
      if (!isPlainObject(score)) continue;
      automatic[scorer] = {
        value: score.value,
        ...(score.answer === undefined || score.answer === null ? {} : { answer: score.answer }),
        ...(typeof score.explanation === "string" ? { explanation: score.explanation } : {}),
      };
    }
  }
  const hasTools = messages.some((message) => message.tool_calls || message.role === "tool");
  const reference = text(sample.target);
  const choices = Array.isArray(sample.choices) ? sample.choices.filter((c): c is string => typeof c === "string") : [];
  const item: Item = {
    task: {
      // Epoch 1 is the sample itself; later epochs are further runs of it.
      task_id: epoch > 1 ? `${task}:${sampleId}:epoch${epoch}` : `${task}:${sampleId}`,
      suite_id: task,
      modality: hasTools ? "agent" : "chat",
      prompt: prompt ?? "",
      ...(reference ? { reference } : {}),
    },
    subject: { system_under_test: model, model, modality_tags: hasTools ? ["agent", "tool_use"] : ["chat"] },
    transcript: { messages },
    ...(choices.length > 0
      ? { options: choices.map((content, index) => ({ id: String.fromCharCode(65 + index), content })) }
      : {}),
    ...(Object.keys(automatic).length > 0 ? { automatic_scores: automatic } : {}),
    tags: {
      inspect_task: task,
      epoch,
      ...(typeof header.run_id === "string" ? { run_id: header.run_id } : {}),
    },
    source: { format: "inspect", record: sample },
  };
  return log.result(item);
}
