// The one reader of import files (items, records, prefills): bytes → lines
// (./split-lines.ts: per-line UTF-8 and length limits, backpressure) → one
// verdict per entry: its JSON value, or the refusal (depth, syntax, text
// PostgreSQL cannot store, a number too large to be finite). Blank lines are skipped. One rule tells JSON Lines
// from one JSON document, and the choice is reported: a file whose first
// non-blank line starts with "[" — or with "{" but is not a JSON value on its
// own (a pretty-printed record) — is one document; anything else is lines.
// Formats that accept only JSON Lines skip the rule.
import type { Readable } from "node:stream";
import { nonFiniteNumberIssue, parseJsonText, storableValueCheck, unstorableTextIssue } from "@/lib/text-input";
import type { Refusal } from "./refusal-log";
import { splitLines, type RawLine } from "./split-lines";
import { ESCAPED_NUL_NOTE, escapeNuls } from "./escape-nul";

export type FileKind = "jsonl" | "json";
/** What was changed in an entry to store it (a field's JSON Pointer), reported as a note on its line. */
export type EntryNote = { field: string; message: string };
/** `line` is the line in a JSON Lines file, or the 1-based position in a JSON array. */
export type Entry = { line: number; value: unknown; notes?: EntryNote[] } | { line: number; refusal: Refusal };
/** `format` is final once `entries` is exhausted (a file that only looked like one JSON document is read as lines). */
export type EntriesRead = { format: FileKind; entries: AsyncGenerator<Entry> };
export type ReadEntriesOptions = {
  kinds: readonly FileKind[];
  maxLineBytes?: number;
  /** Escape NUL characters with a note on the entry (./escape-nul.ts) instead of refusing it: Inspect logs. */
  escapeNul?: boolean;
};

/** A parsed value's unstorable text: NULs escaped (when asked) with notes, then whatever still cannot be stored refuses it. */
function storable(value: unknown, line: number, escapeNul: boolean | undefined): Entry {
  let notes: EntryNote[] | undefined;
  if (escapeNul) {
    const escaped = escapeNuls(value);
    if (escaped.changed.length > 0) {
      value = escaped.value;
      notes = escaped.changed.map((field) => ({ field, message: ESCAPED_NUL_NOTE }));
    }
  }
  // Parsed without the text checks (a NUL is escaped first): the same checks, run here on the escaped value.
  const issue = unstorableTextIssue(value) ?? nonFiniteNumberIssue(value);
  if (issue) return refusal(line, issue.rule, issue.message, issue.path);
  return notes ? { line, value, notes } : { line, value };
}

function refusal(line: number, rule: string, message: string, field = ""): Entry {
  return { line, refusal: { line, field, rule, message } };
}

function parse(text: string, line: number, escapeNul?: boolean): Entry {
  const parsed = parseJsonText(text, { checkText: !escapeNul });
  if (!parsed.ok) return refusal(line, parsed.issue.rule, parsed.issue.message, parsed.issue.path);
  return escapeNul ? storable(parsed.value, line, true) : { line, value: parsed.value };
}

/** Not JSON at all (a line nested too deeply is still a JSON line). */
function isInvalidJson(text: string): boolean {
  const parsed = parseJsonText(text);
  return !parsed.ok && parsed.issue.rule === "json";
}

export async function readEntries(file: Readable, options: ReadEntriesOptions): Promise<EntriesRead> {
  const lines = splitLines(file, options.maxLineBytes);
  const escapeNul = options.escapeNul === true;
  if (!options.kinds.includes("json")) return { format: "jsonl", entries: readJsonl([], lines, escapeNul) };
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
  if (!isDocument) return { format: "jsonl", entries: readJsonl(head, lines, escapeNul) };
  const read: EntriesRead = { format: "json", entries: readJsonl(head, lines, escapeNul) };
  read.entries = readDocument(head, lines, firstText.startsWith("{"), () => (read.format = "jsonl"), escapeNul);
  return read;
}

async function* chain(head: RawLine[], rest: AsyncGenerator<RawLine> | RawLine[]): AsyncGenerator<RawLine> {
  yield* head;
  yield* rest;
}

async function* readJsonl(
  head: RawLine[],
  rest: AsyncGenerator<RawLine> | RawLine[],
  escapeNul = false,
): AsyncGenerator<Entry> {
  for await (const line of head.length === 0 ? rest : chain(head, rest)) {
    if ("error" in line) {
      yield refusal(line.number, line.error.rule, line.error.message);
      continue;
    }
    if (line.text.trim() === "") continue;
    yield parse(line.text, line.number, escapeNul);
  }
}

// A JSON document is parsed whole (its size is bounded by the upload limit).
// One that starts with "{" but is not one JSON value is JSON Lines with a bad
// first line: it is read line by line, so every line gets its own verdict.
async function* readDocument(
  head: RawLine[],
  rest: AsyncGenerator<RawLine>,
  mayBeLines: boolean,
  readAsLines: () => void,
  escapeNul: boolean,
): AsyncGenerator<Entry> {
  const lines: RawLine[] = [];
  for await (const line of chain(head, rest)) lines.push(line);
  // Text and numbers are checked per record below, so one bad record refuses only itself.
  const text = lines.some((line) => "error" in line)
    ? null
    : lines.map((line) => ("text" in line ? line.text : "")).join("\n");
  const parsed = text === null ? null : parseJsonText(text, { checkText: false });
  if (mayBeLines && !parsed?.ok) {
    readAsLines();
    yield* readJsonl([], lines, escapeNul);
    return;
  }
  if (!parsed) {
    const bad = lines.find((line) => "error" in line);
    if (bad && "error" in bad) yield refusal(bad.number, bad.error.rule, bad.error.message);
    return;
  }
  if (!parsed.ok) {
    const { rule, message } = parsed.issue;
    yield refusal(
      1,
      rule,
      rule === "json" ? `the file starts like a JSON document but is ${message}` : `the JSON document is ${message}`,
    );
    return;
  }
  const values = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  const check = storableValueCheck(text ?? "");
  for (const [index, value] of values.entries()) {
    if (escapeNul) {
      yield storable(value, index + 1, true);
      continue;
    }
    const issue = check(value);
    yield issue ? refusal(index + 1, issue.rule, issue.message, issue.path) : { line: index + 1, value };
  }
}
