// Importing items: an admin creates an import, streams a file into it, and
// the accepted lines become items in one transaction — at once when every
// line was accepted, otherwise only if the admin chooses "import the valid
// lines". Until then they wait in import_staged_item, invisible to queues.
import "server-only";
import type { Readable } from "node:stream";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db, type DbClient } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { isUuid } from "@/lib/ids";
import { parseInput } from "@/lib/input";
import type { ItemImportStatus } from "@/lib/statuses";
import { countImport } from "@/lib/observability/metrics";
import { byteLimit } from "./byte-limit";
import { outcomeOf, type CommitPolicy } from "./commit-policy";
import { INTERRUPTED_FAILURE, isInterrupted, staleSince, startHeartbeat, sweepInterruptedImports } from "./interrupted";
import { identityOf, readItems, type ImportFormat, type ImportReport } from "./read-items";
import { commitStagedItems, stageItems, type StagedItem } from "./staging";
import { NewImportInput } from "./validation";

/** `interrupted`: still marked reading, but the server reading it stopped (lib/imports/interrupted.ts). */
export type ImportStatus = ItemImportStatus | "interrupted";
export type ImportSummary = {
  id: string;
  format: string;
  fileName: string | null;
  status: ImportStatus;
  bytesRead: number;
  linesRead: number;
  accepted: number;
  refused: number;
  alreadyPresent: number | null;
  imported: number | null;
  failure: string | null;
  createdAt: Date;
  finishedAt: Date | null;
};

const STAGE_BATCH = 1000;

const SELECT_SUMMARY = {
  id: true,
  format: true,
  fileName: true,
  status: true,
  bytesRead: true,
  linesRead: true,
  accepted: true,
  refused: true,
  alreadyPresent: true,
  imported: true,
  failure: true,
  createdAt: true,
  finishedAt: true,
  updatedAt: true,
} as const;

type SummaryRow = Prisma.ItemImportGetPayload<{ select: typeof SELECT_SUMMARY }>;

function summaryOf(row: SummaryRow): ImportSummary {
  const { updatedAt: _updatedAt, ...summary } = row;
  const interrupted = isInterrupted(row);
  return {
    ...summary,
    status: interrupted ? "interrupted" : (row.status as ImportStatus),
    failure: interrupted ? INTERRUPTED_FAILURE : row.failure,
    bytesRead: Number(row.bytesRead),
  };
}

export async function createImport(options: { actor: Actor; input: unknown }): Promise<ImportSummary> {
  authorize(options.actor, "items.import");
  const input = parseInput(NewImportInput, options.input, "The import is not valid");
  await sweepInterruptedImports();
  const row = await db().itemImport.create({
    data: {
      format: input.format,
      fileName: input.file_name ?? null,
      systemUnderTest: input.system_under_test ?? null,
      createdById: options.actor.userId,
    },
    select: SELECT_SUMMARY,
  });
  return summaryOf(row);
}

/**
 * Reads the file into the import. Returns when the file is read and, if no
 * line was refused, committed; with refusals, the policy decides (stage, the
 * default: await the admin's decision; store_valid: commit the valid lines;
 * all_or_nothing: discard). On any failure the staged lines are removed and
 * the import is marked failed; nothing reaches `item`.
 */
export async function readImportFile(options: {
  actor: Actor;
  importId: string;
  file: Readable;
  origin?: RequestOrigin;
  maxBytes?: number;
  policy?: CommitPolicy;
}): Promise<ImportSummary> {
  authorize(options.actor, "items.import");
  const current = await findImport(options.importId, { ...SELECT_SUMMARY, systemUnderTest: true });
  if (current.status !== "reading" || current.linesRead > 0)
    throw new AppError("CONFLICT", "This import has already read its file; start a new import");
  let bytesRead = 0;
  const limited = options.file.pipe(
    byteLimit(options.maxBytes ?? getEnv().EVALFORM_MAX_UPLOAD_BYTES, (total) => (bytesRead = total)),
  );
  options.file.on("error", (error) => limited.destroy(error));
  let batch: StagedItem[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const staged = batch;
    batch = [];
    await stageItems(options.importId, staged);
  };
  const progress = (report: ImportReport) =>
    db()
      .itemImport.update({
        where: { id: options.importId },
        data: {
          bytesRead,
          linesRead: report.linesRead,
          accepted: report.accepted,
          refused: report.refused,
          updatedAt: new Date(),
        },
      })
      .then(() => undefined);
  let report: ImportReport;
  const stopHeartbeat = startHeartbeat(options.importId);
  try {
    report = await readItems(
      limited,
      { format: current.format as ImportFormat, systemUnderTest: current.systemUnderTest ?? undefined },
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
  } catch (error) {
    await failImport(options.importId, error);
    throw error;
  } finally {
    stopHeartbeat();
  }
  const reportJson = {
    errors: report.errors,
    notes: report.notes,
    errorsOmitted: report.errorsOmitted,
    notesOmitted: report.notesOmitted,
  } as unknown as Prisma.InputJsonObject;
  await db().itemImport.update({
    where: { id: options.importId },
    data: {
      bytesRead,
      linesRead: report.linesRead,
      accepted: report.accepted,
      refused: report.refused,
      report: reportJson,
      status: "awaiting_decision",
      updatedAt: new Date(),
    },
  });
  const outcome = outcomeOf(options.policy ?? "stage", report.refused);
  if (outcome === "store")
    return commitImport({ actor: options.actor, importId: options.importId, origin: options.origin });
  if (outcome === "store_nothing")
    return discardImport({ actor: options.actor, importId: options.importId, origin: options.origin });
  // Every line refused: no valid line to offer, so the import ends here rather than wait for a decision.
  if (report.accepted === 0)
    return refuseImport({ actor: options.actor, importId: options.importId, origin: options.origin });
  return summaryOf(
    await db().itemImport.findUniqueOrThrow({ where: { id: options.importId }, select: SELECT_SUMMARY }),
  );
}

async function failImport(importId: string, error: unknown): Promise<void> {
  const message =
    error instanceof AppError
      ? error.message
      : "The file could not be read to the end (the upload was interrupted or failed)";
  await db().$transaction([
    db().importStagedItem.deleteMany({ where: { importId } }),
    db().itemImport.update({
      where: { id: importId },
      data: { status: "failed", failure: message, finishedAt: new Date(), updatedAt: new Date() },
    }),
  ]);
}

export type ImportDecision = "import_valid_lines" | "discard";

/** The admin's choice for an import with refused lines. */
export async function decideImport(options: {
  actor: Actor;
  importId: string;
  decision: unknown;
  origin?: RequestOrigin;
}): Promise<ImportSummary> {
  authorize(options.actor, "items.import");
  if (options.decision === "import_valid_lines") return commitImport(options);
  if (options.decision === "discard") return discardImport(options);
  throw new AppError("INVALID_INPUT", "Choose what to do with the import", [
    { path: "/decision", rule: "enum", message: 'must be "import_valid_lines" or "discard"' },
  ]);
}

/**
 * Locks an import awaiting the admin's decision. The row lock makes a second
 * click wait, then see the first one's outcome.
 */
async function lockAwaitingDecision(tx: DbClient, importId: string, verb: string): Promise<{ accepted: number }> {
  const [locked] = isUuid(importId)
    ? await tx.$queryRaw<
        { status: string; accepted: number }[]
      >`SELECT status, accepted FROM item_import WHERE id = ${importId}::uuid FOR UPDATE`
    : [];
  if (!locked) throw new AppError("NOT_FOUND", "No import with this id");
  if (locked.status !== "awaiting_decision")
    throw new AppError("CONFLICT", `This import is ${locked.status.replace("_", " ")}; it cannot be ${verb}`);
  return locked;
}

/** "Import the valid lines" (or the automatic commit of a clean file). */
export async function commitImport(options: {
  actor: Actor;
  importId: string;
  origin?: RequestOrigin;
}): Promise<ImportSummary> {
  authorize(options.actor, "items.import");
  const summary = await db().$transaction(
    async (tx) => {
      const locked = await lockAwaitingDecision(tx, options.importId, "committed");
      const imported = await commitStagedItems(tx, options.importId);
      // Lines whose item an earlier import already brought in are not imported twice.
      const alreadyPresent = locked.accepted - imported;
      const final = await tx.itemImport.update({
        where: { id: options.importId },
        data: { status: "committed", imported, alreadyPresent, finishedAt: new Date(), updatedAt: new Date() },
        select: SELECT_SUMMARY,
      });
      await recordAuditEvent({
        action: "items.imported",
        actorId: options.actor.userId,
        subject: options.importId,
        origin: options.origin,
        details: { imported, already_present: alreadyPresent },
        client: tx,
      });
      return summaryOf(final);
    },
    { timeout: 600_000 },
  );
  countImport(summary.imported ?? 0);
  return summary;
}

export async function discardImport(options: {
  actor: Actor;
  importId: string;
  origin?: RequestOrigin;
}): Promise<ImportSummary> {
  authorize(options.actor, "items.import");
  return db().$transaction(async (tx) => {
    await lockAwaitingDecision(tx, options.importId, "discarded");
    await tx.importStagedItem.deleteMany({ where: { importId: options.importId } });
    const row = await tx.itemImport.update({
      where: { id: options.importId },
      data: { status: "discarded", finishedAt: new Date(), updatedAt: new Date() },
      select: SELECT_SUMMARY,
    });
    await recordAuditEvent({
      action: "items.import_discarded",
      actorId: options.actor.userId,
      subject: options.importId,
      origin: options.origin,
      client: tx,
    });
    return summaryOf(row);
  });
}

async function refuseImport(options: {
  actor: Actor;
  importId: string;
  origin?: RequestOrigin;
}): Promise<ImportSummary> {
  return db().$transaction(async (tx) => {
    await lockAwaitingDecision(tx, options.importId, "refused");
    await tx.importStagedItem.deleteMany({ where: { importId: options.importId } });
    const row = await tx.itemImport.update({
      where: { id: options.importId },
      data: { status: "refused", finishedAt: new Date(), updatedAt: new Date() },
      select: SELECT_SUMMARY,
    });
    await recordAuditEvent({
      action: "items.import_refused",
      actorId: options.actor.userId,
      subject: options.importId,
      origin: options.origin,
      details: { refused: row.refused },
      client: tx,
    });
    return summaryOf(row);
  });
}

async function findImport<S extends Prisma.ItemImportSelect>(importId: string, select: S) {
  const notFound = new AppError("NOT_FOUND", "No import with this id");
  if (!isUuid(importId)) throw notFound;
  const row = await db().itemImport.findUnique({ where: { id: importId }, select });
  if (!row) throw notFound;
  return row as Prisma.ItemImportGetPayload<{ select: S }>;
}

export async function getImport(options: { actor: Actor; importId: string }): Promise<ImportSummary> {
  authorize(options.actor, "items.import");
  return summaryOf(await findImport(options.importId, SELECT_SUMMARY));
}

export type ImportReportFile = ImportSummary & {
  errors: unknown[];
  notes: unknown[];
  errorsOmitted: number;
  notesOmitted: number;
};

/** The per-line report, as shown and as downloaded. */
export async function getImportReport(options: { actor: Actor; importId: string }): Promise<ImportReportFile> {
  authorize(options.actor, "items.import");
  const { report: stored, ...row } = await findImport(options.importId, { ...SELECT_SUMMARY, report: true });
  const summary = summaryOf(row);
  const report = (stored ?? {}) as {
    errors?: unknown[];
    notes?: unknown[];
    errorsOmitted?: number;
    notesOmitted?: number;
  };
  return {
    ...summary,
    errors: report.errors ?? [],
    notes: report.notes ?? [],
    errorsOmitted: report.errorsOmitted ?? 0,
    notesOmitted: report.notesOmitted ?? 0,
  };
}

export async function listImports(options: { actor: Actor; limit?: number }): Promise<ImportSummary[]> {
  authorize(options.actor, "items.import");
  const rows = await db().itemImport.findMany({
    orderBy: { createdAt: "desc" },
    take: options.limit ?? 100,
    select: SELECT_SUMMARY,
  });
  return rows.map(summaryOf);
}

/** Imports still reading their file, for the metrics scrape (no actor: a count, no content). */
export async function importsReading(): Promise<number> {
  return db().itemImport.count({ where: { status: "reading", updatedAt: { gte: staleSince() } } });
}
