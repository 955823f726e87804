// Reads an import file line by line (memory does not grow with file size),
// parses each line on its own and reports per line. A bad line refuses that
// record, never the run. The same reader serves the dry-run CLI and imports.
import type { Readable } from "node:stream";
import type { Item } from "@/lib/items/types";
import { importFormatInfo, type ImportFormat } from "./formats";
import { ingest, type IngestCounts, type IngestStrategy } from "./ingest";
import type { LineError, LineNote, LineResult } from "./line-result";
import { ENTRY_EXPANDERS, expandEntries, ITEM_PARSERS } from "./parsers";
import { readEntries } from "./read-entries";
import { MAX_REPORTED, RefusalLog } from "./refusal-log";
import { describeMissing, missingMedia } from "@/lib/items/missing-media";

export type { ImportFormat } from "./formats";
export type ReadOptions = {
  format: ImportFormat;
  systemUnderTest?: string;
  maxReported?: number;
  maxLineBytes?: number;
};
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

function keep<T>(list: T[], entries: T[], max: number): number {
  const room = Math.max(0, max - list.length);
  list.push(...entries.slice(0, room));
  return entries.length - Math.min(room, entries.length);
}

function parseRecord(record: unknown, line: number, options: ReadOptions): LineResult {
  return ITEM_PARSERS[options.format](record, line, { systemUnderTest: options.systemUnderTest });
}

/**
 * A note on a line whose item refers to media the rating page cannot show
 * (a placeholder such as `<image:0>` with nothing behind it, a URL on another
 * host), so the admin learns it at import rather than a rater at the item.
 */
function withMediaNote(result: LineResult, format: ImportFormat, line: number): LineResult {
  if (!result.ok) return result;
  const missing = missingMedia(result.item);
  if (missing.length === 0) return result;
  const first = missing[0]!;
  const what = describeMissing(missing);
  // Native items are their own source, so the item's pointer is the line's; other formats are named in words.
  const note: LineNote = {
    line,
    field: format === "items" ? first.where : "",
    message: `${what} cannot be shown to raters: ${first.why}${missing.length > 1 ? " (and more)" : ""}; the rating page says so on the item`,
  };
  return { ...result, notes: [...result.notes, note] };
}

/** The key that makes two lines the same item, within one import and across imports. */
export function identityOf(item: Item): string {
  return (
    item.source?.dedupe_key ??
    JSON.stringify([item.task.suite_id ?? null, item.task.task_id, item.subject.system_under_test])
  );
}

export async function readItems(
  input: Readable,
  options: ReadOptions,
  onItem: (item: Item, line: number) => Promise<void> | void = () => undefined,
  onProgress?: (report: ImportReport) => Promise<void> | void,
): Promise<ImportReport> {
  const max = options.maxReported ?? MAX_REPORTED;
  const log = new RefusalLog(max);
  const report: ImportReport = {
    format: options.format,
    linesRead: 0,
    accepted: 0,
    refused: 0,
    errors: log.errors,
    notes: [],
    errorsOmitted: 0,
    notesOmitted: 0,
  };
  const sync = (counts: IngestCounts) => {
    report.linesRead = counts.read;
    report.accepted = counts.accepted;
    report.refused = log.refused;
    report.errorsOmitted = log.errorsOmitted;
  };
  const seen = new Map<string, number>();
  const strategy: IngestStrategy<Item> = {
    validate(value, line) {
      const result = withMediaNote(parseRecord(value, line, options), options.format, line);
      if (result.notes.length > 0) report.notesOmitted += keep(report.notes, result.notes, max);
      if (!result.ok) return { ok: false, refusals: result.errors };
      const identity = identityOf(result.item);
      const firstLine = seen.get(identity);
      if (firstLine !== undefined)
        return {
          ok: false,
          refusals: [{ line, rule: "duplicate", field: "", message: `the same item as line ${firstLine}` }],
        };
      seen.set(identity, line);
      return { ok: true, value: result.item };
    },
    async storeBatch(batch) {
      for (const { line, value } of batch) await onItem(value, line);
    },
  };
  const { entries } = await readEntries(input, {
    kinds: importFormatInfo(options.format).fileKinds,
    maxLineBytes: options.maxLineBytes,
    // One sample's NUL is escaped with a note rather than refusing the sample (or the whole log).
    escapeNul: options.format === "inspect",
  });
  // Batches of one: the caller stages in its own batches (lib/imports/service.ts).
  const counts = await ingest(expandEntries(entries, ENTRY_EXPANDERS[options.format]), strategy, {
    log,
    batchSize: 1,
    onNotes: (line, notes) => {
      report.notesOmitted += keep(
        report.notes,
        notes.map((note) => ({ line, ...note })),
        max,
      );
    },
    onProgress:
      onProgress &&
      (async (partial) => {
        sync(partial);
        await onProgress(report);
      }),
  });
  sync(counts);
  return report;
}
