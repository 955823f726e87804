// Streams records from one read-only snapshot, page by page by keyset (created_at, eval_id) — never OFFSET, never the whole
// result in memory. A page is read only when the client has taken the last
// one (pull-based stream: backpressure), and a client that goes away cancels
// the stream, which ends the transaction. Each page's ids and stored hashes go
// to record_export_chunk, from which the manifest is served. How a page is
// encoded is the format's encoder's business (formats/registry.ts).
import "server-only";
import { createHash, randomUUID } from "node:crypto";
import type pg from "pg";
import { recordAuditEvent, type RequestOrigin } from "@/lib/audit/service";
import type { Actor } from "@/lib/auth/actor";
import { authorize } from "@/lib/auth/authorize";
import { db, exportPool } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { isUuid } from "@/lib/ids";
import type { Prisma } from "@/lib/generated/prisma/client";
import { countExport } from "@/lib/observability/metrics";
import { recordDigest } from "@/lib/records/canonical-hash";
import { exportOrigin } from "./export-info";
import { parseExportRequest } from "./export-format";
import type { ExportEncoder } from "./formats/format";
import { exportFormat, type ExportFormatId } from "./formats/registry";
import { resolveStatusFilter } from "@/lib/adjudication/status-filter";
import { recordFilterSql, type RecordFilter } from "./record-filter";

/** A format's id (formats/registry.ts). */
export type ExportFormat = ExportFormatId;

const PAGE_SIZE = 1000;

export type StartedExport = { exportId: string; count: number; format: ExportFormat; body: ReadableStream<Uint8Array> };

async function connect(): Promise<pg.PoolClient> {
  try {
    return await exportPool().connect();
  } catch (error) {
    throw new AppError("UNAVAILABLE", `Too many exports are running; try again shortly (${(error as Error).message})`);
  }
}

/**
 * Starting an export is a POST (checked for same origin like every change):
 * the export is recorded as `prepared` with its filter and format, and its
 * file is then fetched once with GET /api/exports/:id/file (streamPreparedExport).
 * A cross-site link to a GET therefore never starts one.
 */
export async function prepareRecordExport(options: {
  actor: Actor;
  filter: RecordFilter;
  format: ExportFormat;
  origin?: RequestOrigin;
}): Promise<{ exportId: string }> {
  authorize(options.actor, "records.export");
  recordFilterSql(options.filter, 1, { suiteIds: [], itemIds: [] });
  const exportId = randomUUID();
  await db().recordExport.create({
    data: {
      id: exportId,
      createdById: options.actor.userId,
      format: options.format,
      filter: options.filter as Prisma.InputJsonObject,
      status: "prepared",
      recordCount: 0,
      schemaId: exportOrigin.schema.id,
      appVersion: exportOrigin.app.version,
    },
  });
  await recordAuditEvent({
    action: "records.exported",
    actorId: options.actor.userId,
    subject: exportId,
    origin: options.origin,
  });
  return { exportId };
}

/** POST /api/exports: the permission first, then the body ({format, ...filter}) read and the export prepared. */
export async function prepareRequestedExport(options: {
  actor: Actor;
  body: unknown;
  origin?: RequestOrigin;
}): Promise<{ exportId: string; format: ExportFormat }> {
  authorize(options.actor, "records.export");
  const { format, filter } = parseExportRequest(options.body);
  const { exportId } = await prepareRecordExport({ actor: options.actor, filter, format, origin: options.origin });
  return { exportId, format };
}

/**
 * The file is fetched once, so only its owner's deliberate download may fetch
 * it: a navigation from another site (a link or redirect there, which carries
 * the session cookie) is refused before anything is used up.
 */
function assertNotCrossSite(fetchSite: string | null | undefined): void {
  if (fetchSite === "cross-site")
    throw new AppError("FORBIDDEN", "An export's file is downloaded from the app itself, not from another site", [
      {
        path: "/headers/sec-fetch-site",
        rule: "sameSite",
        message: "cross-site requests may not fetch an export's file",
      },
    ]);
}

async function findOwnExport(actor: Actor, exportId: string) {
  authorize(actor, "records.export");
  const notFound = new AppError("NOT_FOUND", "No export with this id");
  if (!isUuid(exportId)) throw notFound;
  const row = await db().recordExport.findFirst({ where: { id: exportId, createdById: actor.userId } });
  if (!row) throw notFound;
  return row;
}

const alreadyDownloaded = (status: string) =>
  new AppError("CONFLICT", `This export was already downloaded (it is ${status}); start a new one`);

/**
 * HEAD of the file: whether the actor's export can still be downloaded, and
 * its headers, without opening the snapshot or using up the one download.
 */
export async function describePreparedExport(options: {
  actor: Actor;
  exportId: string;
  fetchSite?: string | null;
}): Promise<{ exportId: string; format: ExportFormat }> {
  assertNotCrossSite(options.fetchSite);
  const row = await findOwnExport(options.actor, options.exportId);
  if (row.status !== "prepared") throw alreadyDownloaded(row.status);
  return { exportId: row.id, format: row.format as ExportFormat };
}

/** The file of a prepared export (the actor's own), once: opens the snapshot, counts the records, and returns the stream. */
export async function streamPreparedExport(options: {
  actor: Actor;
  exportId: string;
  /** The request's Sec-Fetch-Site (a cross-site one is refused); absent from scripts and the CLI. */
  fetchSite?: string | null;
}): Promise<StartedExport> {
  assertNotCrossSite(options.fetchSite);
  const row = await findOwnExport(options.actor, options.exportId);
  // Stored only after parseExportFormat accepted it.
  const format = row.format as ExportFormat;
  const filter = row.filter as RecordFilter;
  const { where, values } = recordFilterSql(filter, 1, await resolveStatusFilter(db(), filter));
  const client = await connect();
  let count: number;
  try {
    // Claimed first, so two downloads of one prepared export cannot both stream it.
    const claimed = await db().recordExport.updateMany({
      where: { id: row.id, status: "prepared" },
      data: { status: "streaming", updatedAt: new Date() },
    });
    if (claimed.count === 0) throw alreadyDownloaded(row.status);
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const counted = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM eval_record r WHERE ${where}`,
      values,
    );
    count = counted.rows[0]!.n;
    await db().recordExport.update({ where: { id: row.id }, data: { recordCount: count } });
  } catch (error) {
    client.release(error instanceof AppError ? undefined : (error as Error));
    if (!(error instanceof AppError)) {
      await db().recordExport.updateMany({
        where: { id: row.id, status: "streaming" },
        data: { status: "failed", failure: String((error as Error).message).slice(0, 2000), finishedAt: new Date() },
      });
    }
    throw error;
  }
  const pages = new ExportPages({
    exportId: row.id,
    client,
    where,
    values,
    encoder: exportFormat(format).encoder(),
    itemSourceOf: exportFormat(format).readsItemSourceOf ?? null,
    count,
  });
  return { exportId: row.id, count, format, body: pages.stream() };
}

/** Prepares an export and opens its file at once (the server's own callers and tests). */
export async function startRecordExport(options: {
  actor: Actor;
  filter: RecordFilter;
  format: ExportFormat;
  origin?: RequestOrigin;
}): Promise<StartedExport> {
  const { exportId } = await prepareRecordExport(options);
  return streamPreparedExport({ actor: options.actor, exportId });
}

type Row = [createdAt: string, evalId: string, body: string, digest: Buffer | null, itemSource?: string | null];

/**
 * The rated item's stored source when it came from `format`, through the suite row the record counts in
 * (free-form records have none); the import's format says where it came from without reading every item's body.
 * `format` is a registry constant (formats/format.ts), never request input.
 */
const itemSourceColumn = (format: "eee") => `, (SELECT (i.body->'source')::text FROM suite_record sr
    JOIN item i ON i.id = sr.item_id JOIN item_import ii ON ii.id = i.import_id AND ii.format = '${format}'
    WHERE sr.eval_id = r.eval_id ORDER BY sr.created_at LIMIT 1)`;

class ExportPages {
  private after: [string, string] | null = null;
  private seq = 0;
  private exported = 0;
  private bytes = 0;
  private readonly fileHash = createHash("sha256");
  private chunkWrite: Promise<unknown> = Promise.resolve();
  private pull: Promise<void> = Promise.resolve();
  private finished = false;

  constructor(
    private readonly run: {
      exportId: string;
      client: pg.PoolClient;
      where: string;
      values: unknown[];
      encoder: ExportEncoder;
      itemSourceOf: "eee" | null;
      count: number;
    },
  ) {}

  stream(): ReadableStream<Uint8Array> {
    return new ReadableStream<Uint8Array>(
      {
        pull: (controller) => {
          this.pull = this.nextPage().then(
            (bytes) => {
              if (bytes) controller.enqueue(bytes);
              if (this.finished) controller.close();
            },
            async (error: unknown) => {
              await this.end("failed", error instanceof Error ? error.message : String(error));
              controller.error(error);
            },
          );
          return this.pull;
        },
        cancel: async () => {
          await this.pull.catch(() => undefined);
          await this.end("aborted");
        },
      },
      { highWaterMark: 1 },
    );
  }

  // The next page is asked for as soon as the current one has arrived, so PostgreSQL reads page n+1 while page n
  // is encoded and sent: without it each side waited for the other (the process was idle 74 % of an export).
  // At most two pages are in memory: the one being sent and the one being read.
  private readAhead: Promise<Row[]> | null = null;

  private readPage(after: [string, string] | null): Promise<Row[]> {
    const { where, values } = this.run;
    const keyset = after
      ? ` AND (r.created_at, r.eval_id) > ($${values.length + 1}::timestamptz, $${values.length + 2}::uuid)`
      : "";
    const page = this.run.client
      .query<Row>({
        text: `SELECT r.created_at::text, r.eval_id::text, r.body::text, r.body_sha256${this.run.itemSourceOf ? itemSourceColumn(this.run.itemSourceOf) : ""} FROM eval_record r
             WHERE ${where}${keyset} ORDER BY r.created_at, r.eval_id LIMIT ${PAGE_SIZE}`,
        values: after ? [...values, ...after] : values,
        rowMode: "array",
      })
      .then((result) => result.rows);
    // Awaited by the next pull or by end(); never an unhandled rejection in between.
    page.catch(() => undefined);
    return page;
  }

  private async nextPage(): Promise<Uint8Array | null> {
    const { encoder } = this.run;
    const rows = await (this.readAhead ?? this.readPage(this.after));
    this.readAhead = null;
    if (rows.length === PAGE_SIZE) {
      const last = rows[rows.length - 1]!;
      this.readAhead = this.readPage([last[0], last[1]]);
    }
    const opening = this.seq === 0 ? encoder.head() : "";
    if (rows.length === 0) return this.finish(opening);

    const bodies: string[] = new Array(rows.length);
    const digests = Buffer.allocUnsafe(32 * rows.length);
    const evalIds: string[] = new Array(rows.length);
    rows.forEach(([, evalId, body, digest], index) => {
      bodies[index] = body;
      // Rows stored before the fingerprint column get theirs from the body.
      (digest ?? recordDigest(JSON.parse(body))).copy(digests, 32 * index);
      evalIds[index] = evalId;
    });
    const encoded = encoder.page(
      bodies,
      this.exported,
      this.run.itemSourceOf ? rows.map((row) => row[4] ?? null) : undefined,
    );
    const bytes = opening ? Buffer.concat([Buffer.from(opening, "utf8"), encoded]) : encoded;
    const last = rows[rows.length - 1]!;
    this.after = [last[0], last[1]];
    this.exported += rows.length;
    const page = this.account(bytes);
    this.queueChunkWrite(this.seq++, evalIds, digests);
    return rows.length < PAGE_SIZE ? this.concat(page, await this.finish("")) : page;
  }

  private account(bytes: Buffer): Buffer {
    this.fileHash.update(bytes);
    this.bytes += bytes.length;
    return bytes;
  }

  private concat(first: Buffer, second: Buffer | null): Buffer {
    return second ? Buffer.concat([first, second]) : first;
  }

  // One write in flight while the next page is read; progress rides along.
  private queueChunkWrite(seq: number, evalIds: string[], digests: Buffer): void {
    const { exportId } = this.run;
    const exported = this.exported;
    const bytes = this.bytes;
    this.chunkWrite = this.chunkWrite.then(
      () => db().$executeRaw`
      WITH chunk AS (
        INSERT INTO record_export_chunk (export_id, seq, eval_ids, hashes) VALUES (${exportId}::uuid, ${seq}, ${evalIds}::uuid[], ${digests})
      )
      UPDATE record_export SET exported = ${exported}, bytes = ${bytes}, updated_at = now() WHERE id = ${exportId}::uuid AND status = 'streaming'`,
    );
  }

  private async finish(opening: string): Promise<Buffer> {
    const closing = this.account(Buffer.from(`${opening}${this.run.encoder.tail(this.exported)}`, "utf8"));
    await this.chunkWrite;
    // The snapshot cannot change under us; a mismatch is a bug, never a silent short file.
    if (this.exported !== this.run.count)
      throw new Error(`exported ${this.exported} records but counted ${this.run.count}`);
    await this.end("complete");
    countExport(this.exported, this.bytes);
    return closing;
  }

  private async end(status: "complete" | "aborted" | "failed", failure?: string): Promise<void> {
    if (this.finished) return;
    this.finished = true;
    const { client, exportId } = this.run;
    await this.readAhead?.catch(() => undefined);
    try {
      await client.query(status === "complete" ? "COMMIT" : "ROLLBACK");
      client.release();
    } catch (error) {
      client.release(error as Error);
    }
    await this.chunkWrite.catch(() => undefined);
    await db().recordExport.updateMany({
      where: { id: exportId, status: "streaming" },
      data: {
        status,
        exported: this.exported,
        bytes: this.bytes,
        updatedAt: new Date(),
        finishedAt: new Date(),
        ...(status === "complete" ? { fileSha256: `sha256:${this.fileHash.digest("hex")}` } : {}),
        ...(status === "failed" ? { failure: (failure ?? "unknown error").slice(0, 2000) } : {}),
      },
    });
  }
}
