// Reads a file of AIF records as JSONL (one record per line) or as one JSON
// document (an array of records, or a single pretty-printed record). The
// format is told by the first line, and the choice is reported.
import type { Readable } from "node:stream";
import { splitLines, type RawLine } from "@/lib/imports/split-lines";
import { parseJsonText, unstorableTextIssue } from "@/lib/text-input";

/** `line` is the line in a JSONL file, or the 1-based position in a JSON array. */
export type RecordFileEntry = { line: number; value: unknown } | { line: number; error: { rule: string; message: string; field?: string } };
/** `format` is final once `entries` is exhausted (a file that only looked like one JSON document is read as lines). */
export type RecordFileRead = { format: "jsonl" | "json"; entries: AsyncGenerator<RecordFileEntry> };

function parse(text: string, options: { checkText?: boolean } = {}): { ok: true; value: unknown } | { ok: false; rule: string; message: string; path: string } {
  const parsed = parseJsonText(text, options);
  return parsed.ok ? parsed : { ok: false, rule: parsed.issue.rule, message: parsed.issue.message, path: parsed.issue.path };
}

/** Not JSON at all (a line nested too deeply is still a JSON line). */
function isInvalidJson(text: string): boolean {
  const parsed = parse(text);
  return !parsed.ok && parsed.rule === "json";
}

export async function readRecordFile(file: Readable): Promise<RecordFileRead> {
  const lines = splitLines(file);
  const head: RawLine[] = [];
  let first: RawLine | undefined;
  // next() rather than for-await: leaving a for-await loop would close the generator.
  for (let step = await lines.next(); !step.done; step = await lines.next()) {
    head.push(step.value);
    if ("error" in step.value || step.value.text.trim() !== "") {
      first = step.value;
      break;
    }
  }
  const firstText = first && "text" in first ? first.text.trim() : "";
  const isDocument = firstText.startsWith("[") || (firstText.startsWith("{") && isInvalidJson(firstText));
  const read: RecordFileRead = { format: isDocument ? "json" : "jsonl", entries: readJsonl(head, lines) };
  if (isDocument) read.entries = readDocument(head, lines, firstText.startsWith("{"), () => (read.format = "jsonl"));
  return read;
}

async function* chain(head: RawLine[], rest: AsyncGenerator<RawLine> | RawLine[]): AsyncGenerator<RawLine> {
  yield* head;
  yield* rest;
}

async function* readJsonl(head: RawLine[], rest: AsyncGenerator<RawLine> | RawLine[]): AsyncGenerator<RecordFileEntry> {
  for await (const line of chain(head, rest)) {
    if ("error" in line) {
      yield { line: line.number, error: line.error };
      continue;
    }
    if (line.text.trim() === "") continue;
    const parsed = parse(line.text);
    yield parsed.ok ? { line: line.number, value: parsed.value } : { line: line.number, error: { rule: parsed.rule, message: parsed.message, field: parsed.path } };
  }
}

// A JSON document is parsed whole (its size is bounded by the upload limit).
// One that starts with "{" but is not one JSON value is JSON Lines with a bad
// first line: it is read line by line, so every line gets its own verdict.
async function* readDocument(head: RawLine[], rest: AsyncGenerator<RawLine>, mayBeLines: boolean, readAsLines: () => void): AsyncGenerator<RecordFileEntry> {
  const lines: RawLine[] = [];
  for await (const line of chain(head, rest)) lines.push(line);
  // Text is checked per record below, so one bad record refuses only itself.
  const parsed = lines.some((line) => "error" in line) ? null : parse(lines.map((line) => ("text" in line ? line.text : "")).join("\n"), { checkText: false });
  if (mayBeLines && !parsed?.ok) {
    readAsLines();
    yield* readJsonl([], lines);
    return;
  }
  if (!parsed) {
    const bad = lines.find((line) => "error" in line);
    if (bad && "error" in bad) yield { line: bad.number, error: bad.error };
    return;
  }
  if (!parsed.ok) {
    yield { line: 1, error: { rule: parsed.rule, message: parsed.rule === "json" ? `the file starts like a JSON document but is ${parsed.message}` : `the JSON document is ${parsed.message}` } };
    return;
  }
  const values = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  for (const [index, value] of values.entries()) {
    const issue = unstorableTextIssue(value);
    yield issue ? { line: index + 1, error: { rule: issue.rule, message: issue.message, field: issue.path } } : { line: index + 1, value };
  }
}
