// Staged imports of items, records and prefills, one protocol for the three:
// an admin creates an import of a kind, streams a file into it (progress on
// the row), and the accepted lines are stored in one transaction — at once
// when every line was accepted or the policy says store_valid, otherwise only
// if the admin chooses "import the valid lines". Until then they wait in
// import_staged_item, invisible to queues and reports. What differs per kind
// lives in ./staged-kinds.ts.
import "server-only";
import type { Readable } from "node:stream";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db, type DbClient } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { can } from "@/lib/auth/authorize";
import { isUuid } from "@/lib/ids";
import { isPlainObject } from "@/lib/is-plain-object";
import { parseInput } from "@/lib/input";
import { IMPORT_KINDS, parseStatus, type ImportKind, type ItemImportStatus } from "@/lib/statuses";
import { countImport } from "@/lib/observability/metrics";
import { byteLimit } from "./byte-limit";
import { outcomeOf, type CommitPolicy } from "./commit-policy";
import { INTERRUPTED_FAILURE, isInterrupted, staleSince, startHeartbeat, sweepInterruptedImports } from "./interrupted";
import type { LineNote } from "./line-result";
import type { Refusal } from "./refusal-log";
import { STAGED_KINDS, type StagedImportRow, type StagedRead } from "./staged-kinds";
import { stageLines } from "./staging";
import { AIF_IMPORT_FORMAT, NewImportInput } from "./validation";

/** `interrupted`: still marked reading, but the server reading it stopped (lib/imports/interrupted.ts). */
export type ImportStatus = ItemImportStatus | "interrupted";
export type ImportSummary = {
  id: string;
  kind: ImportKind;
  /** The suite of a prefills import. */
  suiteId: string | null;
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

const SELECT_SUMMARY = {
  id: true,
  kind: true,
  suiteId: true,
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
    kind: parseStatus(IMPORT_KINDS, row.kind),
    status: interrupted ? "interrupted" : (row.status as ImportStatus),
    failure: interrupted ? INTERRUPTED_FAILURE : row.failure,
    bytesRead: Number(row.bytesRead),
  };
}

export async function createImport(options: { actor: Actor; input: unknown }): Promise<ImportSummary> {
  // The permission comes before the body's check (a caller without it gets 403, never a 422 about the body).
  const requested = isPlainObject(options.input) ? options.input.kind : undefined;
  authorize(options.actor, STAGED_KINDS[IMPORT_KINDS.find((kind) => kind === requested) ?? "items"].action);
  const input = parseInput(NewImportInput, options.input, "The import is not valid");
  if (input.kind === "items" && input.format === undefined)
    throw new AppError("INVALID_INPUT", "The import is not valid", [
      { path: "/format", rule: "required", message: "an items import names the format of its lines" },
    ]);
  if (input.kind !== "items" && input.format !== undefined)
    throw new AppError("INVALID_INPUT", "The import is not valid", [
      { path: "/format", rule: "kind", message: `a ${input.kind} import reads AIF records; leave format out` },
    ]);
  if ((input.kind === "prefills") !== (input.suite_id !== undefined))
    throw new AppError("INVALID_INPUT", "The import is not valid", [
      {
        path: "/suite_id",
        rule: "kind",
        message:
          input.kind === "prefills"
            ? "a prefills import names the suite whose items its records rate"
            : `only a prefills import names a suite, not a ${input.kind} import`,
      },
    ]);
  if (input.kind === "prefills") await findSuite(input.suite_id!);
  await sweepInterruptedImports();
  const row = await db().itemImport.create({
    data: {
      kind: input.kind,
      suiteId: input.suite_id ?? null,
      format: input.kind === "items" ? input.format! : AIF_IMPORT_FORMAT,
      fileName: input.file_name ?? null,
      systemUnderTest: input.system_under_test ?? null,
      createdById: options.actor.userId,
    },
    select: SELECT_SUMMARY,
  });
  return summaryOf(row);
}

async function findSuite(suiteId: string): Promise<void> {
  const found = isUuid(suiteId) ? await db().suite.findUnique({ where: { id: suiteId }, select: { id: true } }) : null;
  if (!found) throw new AppError("NOT_FOUND", "No suite with this id");
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
  const kind = STAGED_KINDS[await authorizeFor(options.actor, options.importId)];
  const current = await findImport(options.importId, { ...SELECT_SUMMARY, systemUnderTest: true });
  if (current.status !== "reading" || current.linesRead > 0)
    throw new AppError("CONFLICT", "This import has already read its file; start a new import");
  let bytesRead = 0;
  const limited = options.file.pipe(
    byteLimit(options.maxBytes ?? getEnv().EVALFORM_MAX_UPLOAD_BYTES, (total) => (bytesRead = total)),
  );
  options.file.on("error", (error) => limited.destroy(error));
  const progress = (counts: { linesRead: number; accepted: number; refused: number }) =>
    db()
      .itemImport.update({
        where: { id: options.importId },
        data: {
          bytesRead,
          linesRead: counts.linesRead,
          accepted: counts.accepted,
          refused: counts.refused,
          updatedAt: new Date(),
        },
      })
      .then(() => undefined);
  let report: StagedRead;
  const stopHeartbeat = startHeartbeat(options.importId);
  try {
    report = await kind.read({
      row: stagedRow(current),
      file: limited,
      stage: (batch) => stageLines(options.importId, batch),
      progress,
    });
  } catch (error) {
    await failImport(options.importId, error);
    throw error;
  } finally {
    stopHeartbeat();
  }
  await db().itemImport.update({
    where: { id: options.importId },
    data: {
      bytesRead,
      linesRead: report.linesRead,
      accepted: report.accepted,
      refused: report.refused,
      report: reportJson(report),
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

type StoredReport = Pick<StagedRead, "errors" | "notes" | "errorsOmitted" | "notesOmitted">;

function reportJson(report: StoredReport): Prisma.InputJsonObject {
  return {
    errors: report.errors,
    notes: report.notes,
    errorsOmitted: report.errorsOmitted,
    notesOmitted: report.notesOmitted,
  } as unknown as Prisma.InputJsonObject;
}

function stagedRow(row: {
  id: string;
  format: string;
  systemUnderTest?: string | null;
  suiteId: string | null;
  fileName: string | null;
  accepted: number;
  refused: number;
  linesRead: number;
}): StagedImportRow {
  return {
    id: row.id,
    format: row.format,
    systemUnderTest: row.systemUnderTest ?? null,
    suiteId: row.suiteId,
    fileName: row.fileName,
    accepted: row.accepted,
    refused: row.refused,
    linesRead: row.linesRead,
  };
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
  await authorizeFor(options.actor, options.importId);
  if (options.decision === "import_valid_lines") return commitImport(options);
  if (options.decision === "discard") return discardImport(options);
  throw new AppError("INVALID_INPUT", "Choose what to do with the import", [
    { path: "/decision", rule: "enum", message: 'must be "import_valid_lines" or "discard"' },
  ]);
}

const LOCKED_ROW = { ...SELECT_SUMMARY, report: true } as const;

/**
 * Locks an import awaiting the admin's decision. The row lock makes a second
 * click wait, then see the first one's outcome.
 */
async function lockAwaitingDecision(tx: DbClient, importId: string, verb: string) {
  const [locked] = isUuid(importId)
    ? await tx.$queryRaw<{ status: string }[]>`SELECT status FROM item_import WHERE id = ${importId}::uuid FOR UPDATE`
    : [];
  if (!locked) throw new AppError("NOT_FOUND", "No import with this id");
  if (locked.status !== "awaiting_decision")
    throw new AppError("CONFLICT", `This import is ${locked.status.replace("_", " ")}; it cannot be ${verb}`);
  return tx.itemImport.findUniqueOrThrow({ where: { id: importId }, select: LOCKED_ROW });
}

/** "Import the valid lines" (or the automatic commit of a clean file, or store_valid). */
export async function commitImport(options: {
  actor: Actor;
  importId: string;
  origin?: RequestOrigin;
}): Promise<ImportSummary> {
  const kindId = await authorizeFor(options.actor, options.importId);
  const kind = STAGED_KINDS[kindId];
  const summary = await db().$transaction(
    async (tx) => {
      const locked = await lockAwaitingDecision(tx, options.importId, "committed");
      const stored = await kind.commit(tx, { row: stagedRow(locked), actor: options.actor, origin: options.origin });
      await tx.importStagedItem.deleteMany({ where: { importId: options.importId } });
      const data: Prisma.ItemImportUpdateInput = {
        status: "committed",
        imported: stored.imported,
        alreadyPresent: stored.alreadyPresent,
        finishedAt: new Date(),
        updatedAt: new Date(),
      };
      // Refused only when storing (an eval_id taken meanwhile, a record derived from one nowhere found): reported with their lines.
      if (stored.refusals.length > 0) {
        const before = (locked.report ?? {}) as Partial<StoredReport>;
        const lines = new Set(stored.refusals.map((refusal) => refusal.line));
        data.refused = locked.refused + lines.size;
        data.accepted = locked.accepted - lines.size;
        data.report = reportJson({
          errors: [...(before.errors ?? []), ...stored.refusals],
          notes: before.notes ?? [],
          errorsOmitted: before.errorsOmitted ?? 0,
          notesOmitted: before.notesOmitted ?? 0,
        });
      }
      const final = await tx.itemImport.update({ where: { id: options.importId }, data, select: SELECT_SUMMARY });
      if (kind.importedAction)
        await recordAuditEvent({
          action: kind.importedAction,
          actorId: options.actor.userId,
          subject: options.importId,
          origin: options.origin,
          details: { kind: kindId, imported: stored.imported, already_present: stored.alreadyPresent },
          client: tx,
        });
      return summaryOf(final);
    },
    { timeout: 600_000 },
  );
  if (kindId === "items") countImport(summary.imported ?? 0);
  return summary;
}

export async function discardImport(options: {
  actor: Actor;
  importId: string;
  origin?: RequestOrigin;
}): Promise<ImportSummary> {
  const kind = await authorizeFor(options.actor, options.importId);
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
      details: { kind },
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
  const kind = await authorizeFor(options.actor, options.importId);
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
      details: { kind, refused: row.refused },
      client: tx,
    });
    return summaryOf(row);
  });
}

/** Authorizes the actor for the import's kind (records.import for a records import, …); returns the kind. */
/**
 * An actor who may import nothing is refused before the id is looked up, and an
 * import of a kind they may not see answers like an unknown id: the answer never
 * tells whether an id exists (the access probe compares the two).
 */
async function authorizeFor(actor: Actor, importId: string): Promise<ImportKind> {
  const kinds = visibleKinds(actor);
  if (kinds.length === 0) authorize(actor, STAGED_KINDS.items.action);
  const { kind } = await findImport(importId, { kind: true });
  const known = parseStatus(IMPORT_KINDS, kind);
  if (!kinds.includes(known)) throw importNotFound();
  return known;
}

/** The kinds of import this actor may see. */
function visibleKinds(actor: Actor): ImportKind[] {
  return IMPORT_KINDS.filter((kind) => can(actor, STAGED_KINDS[kind].action));
}

const importNotFound = () => new AppError("NOT_FOUND", "No import with this id");

async function findImport<S extends Prisma.ItemImportSelect>(importId: string, select: S) {
  if (!isUuid(importId)) throw importNotFound();
  const row = await db().itemImport.findUnique({ where: { id: importId }, select });
  if (!row) throw importNotFound();
  return row as Prisma.ItemImportGetPayload<{ select: S }>;
}

export async function getImport(options: { actor: Actor; importId: string }): Promise<ImportSummary> {
  await authorizeFor(options.actor, options.importId);
  return summaryOf(await findImport(options.importId, SELECT_SUMMARY));
}

export type ImportReportFile = ImportSummary & {
  errors: Refusal[];
  notes: LineNote[];
  errorsOmitted: number;
  notesOmitted: number;
};

/** The per-line report, as shown and as downloaded. */
export async function getImportReport(options: { actor: Actor; importId: string }): Promise<ImportReportFile> {
  await authorizeFor(options.actor, options.importId);
  const { report: stored, ...row } = await findImport(options.importId, { ...SELECT_SUMMARY, report: true });
  const summary = summaryOf(row);
  const report = (stored ?? {}) as Partial<StoredReport>;
  return {
    ...summary,
    errors: report.errors ?? [],
    notes: report.notes ?? [],
    errorsOmitted: report.errorsOmitted ?? 0,
    notesOmitted: report.notesOmitted ?? 0,
  };
}

export async function listImports(options: {
  actor: Actor;
  limit?: number;
  kind?: ImportKind;
}): Promise<ImportSummary[]> {
  const kinds = visibleKinds(options.actor).filter((kind) => options.kind === undefined || kind === options.kind);
  if (kinds.length === 0) authorize(options.actor, STAGED_KINDS[options.kind ?? "items"].action);
  const rows = await db().itemImport.findMany({
    where: { kind: { in: kinds } },
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

/**
 * `?policy=stage` on the one-request record and prefill imports: a new import
 * of that kind reads the file at once; the answer is its summary (awaiting a
 * decision when some entries were refused, committed otherwise).
 */
export async function stageImport(options: {
  actor: Actor;
  input: { kind: ImportKind; suite_id?: string; file_name?: string };
  file: Readable;
  origin?: RequestOrigin;
}): Promise<ImportSummary> {
  const created = await createImport({ actor: options.actor, input: options.input });
  return readImportFile({
    actor: options.actor,
    importId: created.id,
    file: options.file,
    origin: options.origin,
    policy: "stage",
  });
}
