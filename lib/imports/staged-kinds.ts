// What differs between the three kinds of staged import (items, records,
// prefills): how a file's entries are judged and staged, and how the staged
// lines are stored once the admin (or the policy) decides. Everything else —
// the import row, progress, the report, the decision, the routes — is one
// protocol in ./service.ts.
import "server-only";
import type { Readable } from "node:stream";
import type { RequestOrigin } from "@/lib/audit/service";
import type { AuditAction } from "@/lib/audit/actions";
import type { Actor } from "@/lib/auth/actor";
import type { Action } from "@/lib/auth/permissions";
import type { DbClient } from "@/lib/db";
import {
  recordVerdict,
  storeRecordBatch,
  danglingStagedLines,
  type RecordBatchTally,
} from "@/lib/records/import-records";
import { sqlOn } from "@/lib/records/eval-record-row";
import {
  prefillSuite,
  prefillValidator,
  storePrefillsIn,
  type Accepted as AcceptedPrefill,
  type PrefillImportReport,
} from "@/lib/review/prefill-import";
import type { ImportKind } from "@/lib/statuses";
import type { ImportFormat } from "./formats";
import { ingest, type IngestCounts, type Verdict } from "./ingest";
import type { LineNote } from "./line-result";
import { readEntries, type FileKind } from "./read-entries";
import { identityOf, readItems } from "./read-items";
import { RefusalLog, type Refusal } from "./refusal-log";
import { commitStagedItems, stagedBatches, type StagedLine } from "./staging";

/** The per-line outcome of reading a file, as stored in item_import.report and counted on its row. */
export type StagedRead = {
  linesRead: number;
  accepted: number;
  refused: number;
  errors: Refusal[];
  notes: LineNote[];
  errorsOmitted: number;
  notesOmitted: number;
};

export type StagedImportRow = {
  id: string;
  format: string;
  systemUnderTest: string | null;
  suiteId: string | null;
  fileName: string | null;
  accepted: number;
  refused: number;
  linesRead: number;
};

export type ReadContext = {
  row: StagedImportRow;
  file: Readable;
  stage: (batch: StagedLine[]) => Promise<void>;
  progress: (counts: { linesRead: number; accepted: number; refused: number }) => Promise<void>;
};

/** What a commit stored; refusals found only when storing (an eval_id taken meanwhile) join the report. */
export type StagedCommit = { imported: number; alreadyPresent: number; refusals: Refusal[] };

export type CommitContext = { row: StagedImportRow; actor: Actor; origin?: RequestOrigin };

export type StagedKind = {
  action: Action;
  /** Audited on commit by ./service.ts; null when the kind's store audits itself. */
  importedAction: AuditAction | null;
  read(context: ReadContext): Promise<StagedRead>;
  commit(tx: DbClient, context: CommitContext): Promise<StagedCommit>;
};

const STAGE_BATCH = 1000;

/** Numbers in the report are lines, unless the file was one JSON document: then they are positions in it. */
function fileNotes(format: FileKind): LineNote[] {
  return format === "json"
    ? [{ line: 0, field: "", message: "read as one JSON document: the numbers are positions in it, not lines" }]
    : [];
}

/** Records and prefills: the one reader and ingest loop, each accepted entry staged with its eval_id. */
async function readAifEntries<T>(
  context: ReadContext,
  validate: (value: unknown, line: number) => Verdict<T>,
  toStaged: (value: T, line: number) => StagedLine,
  extraNotes: () => string[] = () => [],
): Promise<StagedRead> {
  const read = await readEntries(context.file, { kinds: ["jsonl", "json"] });
  const log = new RefusalLog();
  const counts = (partial: IngestCounts) => ({
    linesRead: partial.read,
    accepted: partial.accepted,
    refused: log.refused,
  });
  const done = await ingest<T>(
    read.entries,
    {
      validate,
      storeBatch: (batch) => context.stage(batch.map(({ line, value }) => toStaged(value, line))),
    },
    { log, batchSize: STAGE_BATCH, onProgress: (partial) => context.progress(counts(partial)) },
  );
  return {
    ...counts(done),
    errors: log.errors,
    errorsOmitted: log.errorsOmitted,
    notes: [...fileNotes(read.format), ...extraNotes().map((message) => ({ line: 0, field: "", message }))],
    notesOmitted: 0,
  };
}

const items: StagedKind = {
  action: "items.import",
  importedAction: "items.imported",
  async read({ row, file, stage, progress }) {
    let batch: StagedLine[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const full = batch;
      batch = [];
      await stage(full);
    };
    const report = await readItems(
      file,
      { format: row.format as ImportFormat, systemUnderTest: row.systemUnderTest ?? undefined },
      async (item, line) => {
        batch.push({ line, identity: identityOf(item), body: item });
        if (batch.length >= STAGE_BATCH) await flush();
      },
      async (partial) => {
        await flush();
        await progress(partial);
      },
    );
    await flush();
    const { format: _format, ...read } = report;
    return read;
  },
  async commit(tx, { row }) {
    const imported = await commitStagedItems(tx, row.id);
    // Lines whose item an earlier import already brought in are not imported twice.
    return { imported, alreadyPresent: row.accepted - imported, refusals: [] };
  },
};

const records: StagedKind = {
  action: "records.import",
  importedAction: "records.imported",
  read(context) {
    return readAifEntries<Record<string, unknown>>(context, recordVerdict, (record, line) => ({
      line,
      identity: String(record.eval_id),
      body: record,
    }));
  },
  async commit(tx, { row }) {
    const sql = sqlOn(tx);
    // A record may come before the one it derives from: the foreign key is checked at commit.
    await tx.$executeRawUnsafe("SET CONSTRAINTS eval_record_derived_from_fkey DEFERRED");
    const refusals: Refusal[] = [];
    const tally: RecordBatchTally = {
      report: { imported: 0, alreadyPresent: 0 },
      refuse: (found) => refusals.push(...found),
      derivedLines: new Map(),
    };
    const derivations = await tx.$queryRaw<{ line: number; evalId: string; derivedFrom: string | null }[]>`
      SELECT line, identity AS "evalId", body->>'derived_from' AS "derivedFrom"
      FROM import_staged_item WHERE import_id = ${row.id}::uuid`;
    const dangling = await danglingStagedLines(sql, derivations);
    for (const refusal of dangling.values()) refusals.push(refusal);
    for await (const batch of stagedBatches(tx, row.id)) {
      const storable = batch.filter(({ line }) => !dangling.has(line));
      await storeRecordBatch(
        sql,
        storable.map(({ line, body }) => ({ line, value: body as Record<string, unknown> })),
        tally,
      );
    }
    return { imported: tally.report.imported, alreadyPresent: tally.report.alreadyPresent, refusals };
  },
};

type StagedPrefill = { record: Record<string, unknown>; item_id: string; id_from_content: boolean };

const prefills: StagedKind = {
  action: "prefills.import",
  importedAction: null,
  async read(context) {
    const { suite, byTask } = await prefillSuite(context.row.suiteId ?? "");
    const validator = prefillValidator(suite, byTask);
    return readAifEntries<AcceptedPrefill>(
      context,
      validator.validate,
      (accepted, line) => ({
        line,
        identity: String(accepted.record.eval_id),
        body: { record: accepted.record, item_id: accepted.itemId, id_from_content: accepted.idFromContent },
      }),
      validator.notes,
    );
  },
  async commit(tx, { row, actor, origin }) {
    const accepted: AcceptedPrefill[] = [];
    for await (const batch of stagedBatches(tx, row.id)) {
      for (const { line, body } of batch) {
        const staged = body as StagedPrefill;
        accepted.push({ line, record: staged.record, itemId: staged.item_id, idFromContent: staged.id_from_content });
      }
    }
    const report: PrefillImportReport = {
      importId: null,
      format: "jsonl",
      recordsRead: row.linesRead,
      stored: 0,
      alreadyPresent: 0,
      refused: row.refused,
      errors: [],
      notes: [],
    };
    // The admin chose to store the valid ones: a record found taken now is refused, the rest stored.
    const stored = await storePrefillsIn(tx, {
      actor,
      origin,
      suiteId: row.suiteId ?? "",
      accepted,
      report,
      storeValid: true,
      fileName: row.fileName,
    });
    return { imported: stored.stored, alreadyPresent: stored.alreadyPresent, refusals: report.errors };
  },
};

export const STAGED_KINDS: Record<ImportKind, StagedKind> = { items, records, prefills };
