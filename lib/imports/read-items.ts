// Reads an import file line by line (memory does not grow with file size),
// parses each line on its own and reports per line. A bad line refuses that
// record, never the run. The same reader serves the dry-run CLI and imports.
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import type { Item, ItemFormat } from "@/lib/items/types";
import type { LineError, LineNote, LineResult } from "./line-result";
import { parseEeeRecord } from "./parse-eee";
import { parseGageSample } from "./parse-gage";
import { parseNativeItem } from "./parse-native";

export type ImportFormat = ItemFormat;
export const IMPORT_FORMATS: ImportFormat[] = ["items", "eee", "gage"];
export type ReadOptions = { format: ImportFormat; systemUnderTest?: string };
export type ImportReport = { format: ImportFormat; linesRead: number; accepted: number; refused: number; errors: LineError[]; notes: LineNote[] };

function parseRecord(record: unknown, line: number, options: ReadOptions): LineResult {
  switch (options.format) {
    case "eee": return parseEeeRecord(record, line);
    case "gage": return parseGageSample(record, line, { systemUnderTest: options.systemUnderTest });
    case "items": return parseNativeItem(record, line);
  }
}

/** The key that makes two lines the same item within one import. */
function identityOf(item: Item): string {
  return item.source?.dedupe_key ?? `${item.task.suite_id ?? ""}\u0000${item.task.task_id}\u0000${item.subject.system_under_test}`;
}

export async function readItems(
  input: Readable,
  options: ReadOptions,
  onItem: (item: Item, line: number) => Promise<void> | void = () => undefined,
  onProgress?: (report: ImportReport) => void,
): Promise<ImportReport> {
  const report: ImportReport = { format: options.format, linesRead: 0, accepted: 0, refused: 0, errors: [], notes: [] };
  const seen = new Map<string, number>();
  const lines = createInterface({ input, crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const text of lines) {
    lineNumber += 1;
    if (text.trim() === "") continue;
    report.linesRead += 1;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch (error) {
      report.refused += 1;
      report.errors.push({ line: lineNumber, rule: "json", field: "", message: `not valid JSON: ${(error as Error).message}` });
      continue;
    }
    const result = parseRecord(record, lineNumber, options);
    report.notes.push(...result.notes);
    if (!result.ok) {
      report.refused += 1;
      report.errors.push(...result.errors);
      continue;
    }
    const identity = identityOf(result.item);
    const firstLine = seen.get(identity);
    if (firstLine !== undefined) {
      report.refused += 1;
      report.errors.push({ line: lineNumber, rule: "duplicate", field: "", message: `the same item as line ${firstLine}` });
      continue;
    }
    seen.set(identity, lineNumber);
    report.accepted += 1;
    await onItem(result.item, lineNumber);
    if (onProgress && report.linesRead % 1000 === 0) onProgress(report);
  }
  return report;
}
