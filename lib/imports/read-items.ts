// Reads an import file line by line (memory does not grow with file size),
// parses each line on its own and reports per line. A bad line refuses that
// record, never the run. The same reader serves the dry-run CLI and imports.
import type { Readable } from "node:stream";
import type { Item, ItemFormat } from "@/lib/items/types";
import { tooDeepAt, tooDeepMessage } from "@/lib/json-depth";
import type { LineError, LineNote, LineResult } from "./line-result";
import { parseEeeRecord } from "./parse-eee";
import { parseGageSample } from "./parse-gage";
import { parseNativeItem } from "./parse-native";
import { splitLines } from "./split-lines";

export type ImportFormat = ItemFormat;
export const IMPORT_FORMATS: ImportFormat[] = ["items", "eee", "gage"];
export type ReadOptions = { format: ImportFormat; systemUnderTest?: string; maxReported?: number; maxLineBytes?: number };
/** Counts cover every line; `errors` and `notes` keep the first `maxReported` of each (the rest are counted in *Omitted). */
export type ImportReport = {
  format: ImportFormat;
  linesRead: number;
  accepted: number;
  refused: number;
  errors: LineError[];
  notes: LineNote[];
  errorsOmitted: number;
  notesOmitted: number;
};

// A file whose every line is bad must not hold every error in memory.
const DEFAULT_MAX_REPORTED = 10_000;

function keep<T>(list: T[], entries: T[], max: number): number {
  const room = Math.max(0, max - list.length);
  list.push(...entries.slice(0, room));
  return entries.length - Math.min(room, entries.length);
}

function parseRecord(record: unknown, line: number, options: ReadOptions): LineResult {
  switch (options.format) {
    case "eee": return parseEeeRecord(record, line);
    case "gage": return parseGageSample(record, line, { systemUnderTest: options.systemUnderTest });
    case "items": return parseNativeItem(record, line);
  }
}

/** The key that makes two lines the same item, within one import and across imports. */
export function identityOf(item: Item): string {
  return item.source?.dedupe_key ?? JSON.stringify([item.task.suite_id ?? null, item.task.task_id, item.subject.system_under_test]);
}

export async function readItems(
  input: Readable,
  options: ReadOptions,
  onItem: (item: Item, line: number) => Promise<void> | void = () => undefined,
  onProgress?: (report: ImportReport) => Promise<void> | void,
): Promise<ImportReport> {
  const report: ImportReport = { format: options.format, linesRead: 0, accepted: 0, refused: 0, errors: [], notes: [], errorsOmitted: 0, notesOmitted: 0 };
  const max = options.maxReported ?? DEFAULT_MAX_REPORTED;
  const refuse = (errors: LineError[]) => {
    report.refused += 1;
    report.errorsOmitted += keep(report.errors, errors, max);
  };
  const seen = new Map<string, number>();
  let reportedAt = 0;
  for await (const raw of splitLines(input, options.maxLineBytes)) {
    const lineNumber = raw.number;
    if (onProgress && report.linesRead - reportedAt >= 1000) {
      reportedAt = report.linesRead;
      await onProgress(report);
    }
    if ("error" in raw) {
      report.linesRead += 1;
      refuse([{ line: lineNumber, rule: raw.error.rule, field: "", message: raw.error.message }]);
      continue;
    }
    const text = raw.text;
    if (text.trim() === "") continue;
    report.linesRead += 1;
    let record: unknown;
    const deepAt = tooDeepAt(text);
    if (deepAt !== null) {
      refuse([{ line: lineNumber, rule: "maxDepth", field: "", message: tooDeepMessage(deepAt) }]);
      continue;
    }
    try {
      record = JSON.parse(text);
    } catch (error) {
      refuse([{ line: lineNumber, rule: "json", field: "", message: `not valid JSON: ${(error as Error).message}` }]);
      continue;
    }
    const result = parseRecord(record, lineNumber, options);
    if (result.notes.length > 0) report.notesOmitted += keep(report.notes, result.notes, max);
    if (!result.ok) {
      refuse(result.errors);
      continue;
    }
    const identity = identityOf(result.item);
    const firstLine = seen.get(identity);
    if (firstLine !== undefined) {
      refuse([{ line: lineNumber, rule: "duplicate", field: "", message: `the same item as line ${firstLine}` }]);
      continue;
    }
    seen.set(identity, lineNumber);
    report.accepted += 1;
    await onItem(result.item, lineNumber);
  }
  return report;
}
