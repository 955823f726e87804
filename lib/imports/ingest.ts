// The one ingest loop of items, records and prefills: entries from the one
// reader (./read-entries.ts) → the importer's strategy validates each (a
// value to store, or the refusals, logged in the one shape) → accepted values
// are handed to the strategy's store in batches. What a refusal means for the
// rest of the file is the commit policy's business (./commit-policy.ts).
import type { Entry, EntryNote } from "./read-entries";
import type { Refusal, RefusalLog } from "./refusal-log";

export type Verdict<T> = { ok: true; value: T } | { ok: false; refusals: Refusal[] };
export type Accepted<T> = { line: number; value: T };

/** An importer: how one entry is judged, and how a batch of accepted ones is stored (or staged). */
export type IngestStrategy<T> = {
  validate(value: unknown, line: number): Verdict<T>;
  storeBatch(batch: Accepted<T>[]): Promise<void> | void;
};

export type IngestCounts = { read: number; accepted: number };

export type IngestOptions = {
  log: RefusalLog;
  batchSize?: number;
  /** Called every `progressEvery` entries (before the next one is read). */
  onProgress?: (counts: IngestCounts) => Promise<void> | void;
  progressEvery?: number;
  /** false once accepted entries need not be stored any more (all or nothing, after a refusal): reading goes on to report. */
  keepStoring?: () => boolean;
  /** What the reader changed in an entry to store it (an escaped NUL), for the report's notes. */
  onNotes?: (line: number, notes: EntryNote[]) => void;
};

export const INGEST_BATCH = 1000;

export async function ingest<T>(
  entries: AsyncIterable<Entry>,
  strategy: IngestStrategy<T>,
  options: IngestOptions,
): Promise<IngestCounts> {
  const { log } = options;
  const batchSize = options.batchSize ?? INGEST_BATCH;
  const progressEvery = options.progressEvery ?? 1000;
  const counts: IngestCounts = { read: 0, accepted: 0 };
  let batch: Accepted<T>[] = [];
  let reportedAt = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const full = batch;
    batch = [];
    await strategy.storeBatch(full);
  };
  for await (const entry of entries) {
    if (options.onProgress && counts.read - reportedAt >= progressEvery) {
      reportedAt = counts.read;
      await options.onProgress(counts);
    }
    counts.read += 1;
    if ("refusal" in entry) {
      log.refuse([entry.refusal]);
      continue;
    }
    if (entry.notes && entry.notes.length > 0) options.onNotes?.(entry.line, entry.notes);
    const verdict = strategy.validate(entry.value, entry.line);
    if (!verdict.ok) {
      log.refuse(verdict.refusals);
      continue;
    }
    counts.accepted += 1;
    if (options.keepStoring && !options.keepStoring()) continue;
    batch.push({ line: entry.line, value: verdict.value });
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  return counts;
}
