// Reads a file of AIF records as JSONL (one record per line) or as one JSON
// document (an array of records, or a single pretty-printed record). The
// format is told by the first line, and the choice is reported.
import type { Readable } from "node:stream";
import { splitLines, type RawLine } from "@/lib/imports/split-lines";

/** `line` is the line in a JSONL file, or the 1-based position in a JSON array. */
export type PrefillEntry = { line: number; value: unknown } | { line: number; error: { rule: string; message: string } };
export type PrefillRead = { format: "jsonl" | "json"; entries: AsyncGenerator<PrefillEntry> };

function parse(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

export async function readPrefillRecords(file: Readable): Promise<PrefillRead> {
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
  const isDocument = firstText.startsWith("[") || (firstText.startsWith("{") && !parse(firstText).ok);
  return { format: isDocument ? "json" : "jsonl", entries: isDocument ? readDocument(head, lines) : readJsonl(head, lines) };
}

async function* chain(head: RawLine[], rest: AsyncGenerator<RawLine>): AsyncGenerator<RawLine> {
  yield* head;
  yield* rest;
}

async function* readJsonl(head: RawLine[], rest: AsyncGenerator<RawLine>): AsyncGenerator<PrefillEntry> {
  for await (const line of chain(head, rest)) {
    if ("error" in line) {
      yield { line: line.number, error: line.error };
      continue;
    }
    if (line.text.trim() === "") continue;
    const parsed = parse(line.text);
    yield parsed.ok ? { line: line.number, value: parsed.value } : { line: line.number, error: { rule: "json", message: `not valid JSON: ${parsed.message}` } };
  }
}

// A JSON document is parsed whole (its size is bounded by the upload limit).
async function* readDocument(head: RawLine[], rest: AsyncGenerator<RawLine>): AsyncGenerator<PrefillEntry> {
  const parts: string[] = [];
  for await (const line of chain(head, rest)) {
    if ("error" in line) {
      yield { line: line.number, error: line.error };
      return;
    }
    parts.push(line.text);
  }
  const parsed = parse(parts.join("\n"));
  if (!parsed.ok) {
    yield { line: 1, error: { rule: "json", message: `the file starts like a JSON document but is not valid JSON: ${parsed.message}` } };
    return;
  }
  const values = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  for (const [index, value] of values.entries()) yield { line: index + 1, value };
}
