// Export against a real database: every line validates against the verbatim
// contract, the manifest's hashes verify, filters combine, a cancelled download
// ends its transaction, and importing the file into an empty database
// reproduces it byte for byte (twice: the second import changes nothing).
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { validateAgainstContract, validateRecord } from "@/lib/aif/validate";
import type { AifRecord } from "@/lib/aif/types";
import type { Actor } from "@/lib/auth/actor";
import { bulkPool, db, exportPool } from "@/lib/db";
import { recordHash } from "@/lib/records/canonical-hash";
import { importRecords } from "@/lib/records/import-records";
import { listRecords } from "@/lib/records/read-records";
import { submitRecord } from "@/lib/records/submit-record";
import { createSuite } from "@/lib/suites/service";
import { rejection } from "@/lib/testing/rejection";
import { createTestDatabase, useDatabaseInThisFile, type TestDatabase } from "@/lib/testing/test-database";
import { importTestItems } from "@/lib/testing/test-items";
import { createTestUser } from "@/lib/testing/test-users";
import { exportDecisions, exportManifest, getExport } from "./export-runs";
import { parseRecordFilter, type RecordFilter } from "./record-filter";
import { parseExportRequest } from "./export-format";
import { CSV_COLUMNS } from "./formats/csv";
import { EXPORT_FORMAT_IDS } from "./formats/registry";
import {
  describePreparedExport,
  prepareRecordExport,
  startRecordExport,
  streamPreparedExport,
  type ExportFormat,
} from "./stream-export";

let database: TestDatabase;
let admin: Actor;
let rater: Actor;
let sme: Actor;
const SUITE_KEY = "export-suite";
let taskIds: string[];
let goldTasks: Set<string>;
let seeded: AifRecord[];

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) parts.push(next.value);
  return Buffer.concat(parts);
}

async function exportFile(filter: RecordFilter = {}, format: ExportFormat = "jsonl") {
  const started = await startRecordExport({ actor: admin, filter, format });
  return { ...started, bytes: await bytesOf(started.body) };
}

const lines = (file: Buffer) => file.toString("utf8").split("\n").filter(Boolean);
const idsOf = (file: Buffer) => lines(file).map((line) => (JSON.parse(line) as AifRecord).eval_id);

beforeAll(async () => {
  database = await createTestDatabase("export");
  useDatabaseInThisFile(database);
  admin = await createTestUser(["admin"]);
  rater = await createTestUser(["rater"]);
  sme = await createTestUser(["sme"]);
  const imported = await importTestItems(admin, 6, { gold: 2 });
  taskIds = imported.taskIds;
  goldTasks = new Set(taskIds.slice(0, 2));
  await createSuite({
    actor: admin,
    input: {
      name: "Export",
      key: SUITE_KEY,
      overlap_k: 2,
      gold_share: 0.3,
      hold_minutes: 30,
      rater_ids: [rater.userId, sme.userId],
      import_ids: [imported.importId],
    },
  });
  seeded = [];
  for (const taskId of taskIds) {
    const draft = withoutRater(chatDraft({ task: { ...chatDraft().task, task_id: taskId, suite_id: SUITE_KEY } }));
    seeded.push((await submitRecord({ actor: rater, draft })).body);
    seeded.push((await submitRecord({ actor: sme, draft, as: "sme" })).body);
  }
  // A correction: derives from the rater's first record.
  const correction = withoutRater(
    chatDraft({
      task: { ...chatDraft().task, task_id: taskIds[0]!, suite_id: SUITE_KEY },
      derived_from: seeded[0]!.eval_id,
    }),
  );
  seeded.push((await submitRecord({ actor: rater, draft: correction })).body);
  // One record outside the suite, and one without a suite that shares a gold item's task id.
  seeded.push((await submitRecord({ actor: rater, draft: withoutRater(chatDraft()) })).body);
  const { suite_id: _noSuite, ...suiteless } = chatDraft().task;
  seeded.push(
    (
      await submitRecord({
        actor: rater,
        draft: withoutRater(chatDraft({ task: { ...suiteless, task_id: taskIds[0]! } })),
      })
    ).body,
  );
});

afterAll(async () => {
  await db().$disconnect();
  await bulkPool().end();
  await exportPool().end();
  await database.drop();
});

describe("an export of everything", () => {
  it("emits every stored record once, each valid against the verbatim contract and its rules", async () => {
    const file = await exportFile();
    expect(file.count).toBe(seeded.length);
    const exported = lines(file.bytes).map((line) => JSON.parse(line) as AifRecord);
    expect(exported.map((record) => record.eval_id).sort()).toEqual(seeded.map((record) => record.eval_id).sort());
    for (const record of exported) {
      expect(validateAgainstContract(record)).toEqual([]);
      expect(validateRecord(record)).toEqual([]);
      expect(record).toEqual(seeded.find((stored) => stored.eval_id === record.eval_id));
    }
    const view = await getExport({ actor: admin, exportId: file.exportId });
    expect(view).toMatchObject({
      status: "complete",
      count: seeded.length,
      exported: seeded.length,
      bytes: file.bytes.length,
    });
  });

  it("has a manifest whose file hash and per-record hashes verify", async () => {
    const file = await exportFile();
    const manifest = JSON.parse(
      (await bytesOf(await exportManifest({ actor: admin, exportId: file.exportId }))).toString("utf8"),
    );
    expect(manifest).toMatchObject({
      manifest_version: "1",
      export_id: file.exportId,
      format: "jsonl",
      count: seeded.length,
      filter: {},
    });
    expect(manifest.schema.id).toBe("https://eval.qa/demo/aif/eval-form.schema.json");
    expect(manifest.file.sha256).toBe(`sha256:${createHash("sha256").update(file.bytes).digest("hex")}`);
    expect(manifest.records).toEqual(
      lines(file.bytes).map((line) => ({ eval_id: JSON.parse(line).eval_id, sha256: recordHash(JSON.parse(line)) })),
    );
  });

  it("as a JSON array holds the same records in the same order", async () => {
    const jsonl = await exportFile();
    const json = await exportFile({}, "json");
    expect((JSON.parse(json.bytes.toString("utf8")) as AifRecord[]).map((record) => record.eval_id)).toEqual(
      idsOf(jsonl.bytes),
    );
    const empty = await exportFile({ rater_type: ["end_user"] }, "json");
    expect(JSON.parse(empty.bytes.toString("utf8"))).toEqual([]);
  });

  it("as CSV holds one row per record in the same order, scores flattened, with a manifest that verifies the file", async () => {
    const jsonl = await exportFile({ suite_id: SUITE_KEY });
    const csv = await exportFile({ suite_id: SUITE_KEY }, "csv");
    const text = csv.bytes.toString("utf8");
    // Every cell is quoted; rows end with CRLF (a line break inside a cell stays inside its quotes).
    const rows = text
      .trimEnd()
      .split(/(?<=")\r\n(?=")/)
      .map((row) => row.match(/"(?:[^"]|"")*"/g)!.map((cell) => cell.slice(1, -1).replaceAll('""', '"')));
    const [header, ...records] = rows;
    expect(header).toEqual(CSV_COLUMNS.map((column) => column.name));
    expect(records).toHaveLength(csv.count);
    const column = (name: string) => header!.indexOf(name);
    expect(records.map((row) => row[column("eval_id")])).toEqual(idsOf(jsonl.bytes));
    const stored = lines(jsonl.bytes).map((line) => JSON.parse(line) as AifRecord);
    records.forEach((row, index) => {
      expect(row[column("task.task_id")]).toBe(stored[index]!.task.task_id);
      expect(row[column("rater.type")]).toBe(stored[index]!.rater.type);
      expect(row[column("universal.helpfulness.score")]).toBe(
        String((stored[index]!.universal as { helpfulness: { score: number } }).helpfulness.score),
      );
    });
    const view = await getExport({ actor: admin, exportId: csv.exportId });
    expect(view).toMatchObject({
      status: "complete",
      format: "csv",
      count: csv.count,
      bytes: csv.bytes.length,
      file_sha256: `sha256:${createHash("sha256").update(csv.bytes).digest("hex")}`,
    });
    const manifest = JSON.parse(
      (await bytesOf(await exportManifest({ actor: admin, exportId: csv.exportId }))).toString("utf8"),
    );
    expect(manifest).toMatchObject({ format: "csv", count: csv.count });
    expect(manifest.records.map((record: { eval_id: string }) => record.eval_id)).toEqual(idsOf(jsonl.bytes));
    const empty = await exportFile({ rater_type: ["end_user"] }, "csv");
    expect(empty.bytes.toString("utf8").split("\r\n")).toHaveLength(2);
  });

  it("stores an export of every format of the registry (the database checks a format's shape, not a list)", async () => {
    for (const format of EXPORT_FORMAT_IDS) {
      const { exportId } = await prepareRecordExport({ actor: admin, filter: {}, format });
      expect((await getExport({ actor: admin, exportId })).format).toBe(format);
    }
    await expect(
      db().$executeRaw`UPDATE record_export SET format = 'x; drop' WHERE status = 'prepared'`,
    ).rejects.toThrow(/record_export_format/);
  });

  it("refuses everyone but admins", async () => {
    expect((await rejection(startRecordExport({ actor: rater, filter: {}, format: "jsonl" }))).code).toBe("FORBIDDEN");
    expect((await rejection(startRecordExport({ actor: sme, filter: {}, format: "jsonl" }))).code).toBe("FORBIDDEN");
  });
});

describe("filters", () => {
  const cases: [string, () => RecordFilter, (record: AifRecord) => boolean][] = [
    ["suite", () => ({ suite_id: SUITE_KEY }), (record) => record.task.suite_id === SUITE_KEY],
    [
      "two task ids",
      () => ({ task_id: taskIds.slice(2, 4) }),
      (record) => taskIds.slice(2, 4).includes(record.task.task_id),
    ],
    ["rater type", () => ({ rater_type: ["sme"] }), (record) => record.rater.type === "sme"],
    ["rater", () => ({ rater_id: sme.userId }), (record) => record.rater.id === sme.userId],
    ["derived", () => ({ derived: true }), (record) => Boolean(record.derived_from)],
    ["not derived", () => ({ derived: false }), (record) => !record.derived_from],
    [
      "gold",
      () => ({ gold: true }),
      (record) => record.task.suite_id === SUITE_KEY && goldTasks.has(record.task.task_id),
    ],
    [
      "not gold",
      () => ({ gold: false }),
      (record) => !(record.task.suite_id === SUITE_KEY && goldTasks.has(record.task.task_id)),
    ],
    [
      "gold by humans, not derived",
      () => ({ gold: true, rater_type: ["human"], derived: false }),
      (record) =>
        record.task.suite_id === SUITE_KEY &&
        goldTasks.has(record.task.task_id) &&
        record.rater.type === "human" &&
        !record.derived_from,
    ],
    [
      "a time window",
      () => ({ from: seeded[2]!.created_at, to: seeded[6]!.created_at }),
      (record) => record.created_at >= seeded[2]!.created_at && record.created_at < seeded[6]!.created_at,
    ],
  ];
  for (const [name, filterOf, keeps] of cases) {
    it(`${name}: the export and the listing hold exactly the matching records`, async () => {
      const expected = seeded
        .filter(keeps)
        .map((record) => record.eval_id)
        .sort();
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(seeded.length);
      const file = await exportFile(filterOf());
      expect(file.count).toBe(expected.length);
      expect(idsOf(file.bytes).sort()).toEqual(expected);
      const listed = await listRecords({ actor: admin, filter: filterOf(), limit: 200 });
      expect(listed.records.map((record) => record.evalId).sort()).toEqual(expected);
    });
  }

  it("reads query parameters, repeated or comma-separated, and names each bad one", () => {
    expect(parseRecordFilter(new URLSearchParams("task_id=a,b&task_id=c&gold=true&format=json"), ["format"])).toEqual({
      task_id: ["a", "b", "c"],
      gold: true,
    });
    let issues: unknown;
    try {
      parseRecordFilter(new URLSearchParams("rater_type=robot&colour=red&gold=maybe"));
    } catch (error) {
      issues = (error as { issues: unknown }).issues;
    }
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: "/colour", rule: "unknownParameter" }),
        expect.objectContaining({ path: "/rater_type/0", rule: "invalid_value" }),
        expect.objectContaining({ path: "/gold", rule: "invalid_value" }),
      ]),
    );
    expect(() => parseRecordFilter(new URLSearchParams("from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z"))).toThrow(
      expect.objectContaining({
        issues: [expect.objectContaining({ path: "/to", message: "from must be before to" })],
      }),
    );
  });
});

describe("a round trip into an empty database", () => {
  it("reproduces the records byte for byte, and a second import changes nothing", async () => {
    const file = await exportFile();
    const manifest = JSON.parse(
      (await bytesOf(await exportManifest({ actor: admin, exportId: file.exportId }))).toString("utf8"),
    );
    const target = await createTestDatabase("roundtrip");
    const pool = new pg.Pool({ connectionString: target.url, max: 2 });
    try {
      const first = await importRecords({ actor: admin, file: Readable.from([file.bytes]), pool });
      expect(first).toMatchObject({
        recordsRead: seeded.length,
        imported: seeded.length,
        alreadyPresent: 0,
        refused: 0,
        stored: true,
      });
      const stored = await pool.query<{ eval_id: string; body: string; body_sha256: Buffer }>(
        "SELECT eval_id::text, body::text AS body, body_sha256 FROM eval_record ORDER BY created_at, eval_id",
      );
      expect(Buffer.from(stored.rows.map((row) => `${row.body}\n`).join(""))).toEqual(file.bytes);
      expect(
        stored.rows.map((row) => ({ eval_id: row.eval_id, sha256: `sha256:${row.body_sha256.toString("hex")}` })),
      ).toEqual(manifest.records);

      const second = await importRecords({ actor: admin, file: Readable.from([file.bytes]), pool });
      expect(second).toMatchObject({ imported: 0, alreadyPresent: seeded.length, refused: 0, stored: true });
      expect((await pool.query("SELECT count(*)::int AS n FROM eval_record")).rows[0].n).toBe(seeded.length);

      // The same eval_id with another body is refused, and nothing is stored.
      const tampered = { ...seeded[1]!, issue_tags: ["verbosity", "hallucination"] };
      const fresh = { ...seeded[3]!, eval_id: "8f4e2c1a-0b7d-4e3f-9a21-6c5d4b3a2f10" };
      const third = await importRecords({
        actor: admin,
        file: Readable.from([`${JSON.stringify(fresh)}\n${JSON.stringify(tampered)}\n`]),
        pool,
      });
      expect(third).toMatchObject({
        imported: 0,
        refused: 1,
        stored: false,
        errors: [{ line: 2, field: "/eval_id", rule: "evalIdTaken" }],
      });
      expect((await pool.query("SELECT count(*)::int AS n FROM eval_record")).rows[0].n).toBe(seeded.length);
    } finally {
      await pool.end();
      await target.drop();
    }
  });

  it("takes a record before the one it derives from, and refuses one whose parent is nowhere", async () => {
    const target = await createTestDatabase("derived");
    const pool = new pg.Pool({ connectionString: target.url, max: 2 });
    try {
      const parent = seeded[0]!;
      const child = seeded.find((record) => record.derived_from === parent.eval_id)!;
      const orphan = {
        ...child,
        eval_id: "0c9a3e5f-2d14-4b8a-8e6f-1a2b3c4d5e6f",
        derived_from: "6b1f0e2d-3c4a-4d5e-8f7a-9b0c1d2e3f4a",
      };
      const refused = await importRecords({
        actor: admin,
        file: Readable.from([`${JSON.stringify(child)}\n${JSON.stringify(orphan)}\n${JSON.stringify(parent)}\n`]),
        pool,
        storeValid: true,
      });
      expect(refused).toMatchObject({
        stored: false,
        imported: 0,
        errors: [{ line: 2, field: "/derived_from", rule: "derivedFromExists" }],
      });
      const taken = await importRecords({
        actor: admin,
        file: Readable.from([`${JSON.stringify(child)}\n${JSON.stringify(parent)}\n`]),
        pool,
      });
      expect(taken).toMatchObject({ stored: true, imported: 2 });
    } finally {
      await pool.end();
      await target.drop();
    }
  });

  it("reports each invalid record by line, field and rule, storing nothing", async () => {
    const broken = {
      ...seeded[0]!,
      universal: { ...seeded[0]!.universal, helpfulness: { score: 9, confidence: "high" } },
    };
    const report = await importRecords({
      actor: admin,
      file: Readable.from([`${JSON.stringify(seeded[1])}\nnot json\n${JSON.stringify(broken)}\n`]),
    });
    expect(report.stored).toBe(false);
    expect(report.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 2, rule: "json" }),
        expect.objectContaining({ line: 3, field: "/universal/helpfulness/score", rule: "maximum" }),
      ]),
    );
    expect((await rejection(importRecords({ actor: rater, file: Readable.from(["{}"]) }))).code).toBe("FORBIDDEN");
  });
});

describe("a download that stops", () => {
  it("ends its snapshot transaction and is marked aborted when the client cancels", async () => {
    // Enough records for several pages.
    const many = Array.from({ length: 4500 }, (_, index) => ({
      ...seeded[1]!,
      eval_id: `00000000-0000-4000-8000-${index.toString().padStart(12, "0")}`,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
    }));
    const report = await importRecords({
      actor: admin,
      file: Readable.from([many.map((record) => JSON.stringify(record)).join("\n")]),
    });
    expect(report).toMatchObject({ imported: many.length, stored: true });

    const started = await startRecordExport({ actor: admin, filter: {}, format: "jsonl" });
    const reader = started.body.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // Backpressure: a client that stops reading stops the reading of pages (one page, plus one queued).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const paused = await getExport({ actor: admin, exportId: started.exportId });
    expect(paused.exported).toBeLessThanOrEqual(2000);
    await reader.cancel("client went away");
    const view = await getExport({ actor: admin, exportId: started.exportId });
    expect(view.status).toBe("aborted");
    expect(view.exported).toBeLessThan(started.count);
    const open = await db().$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'evalform-export' AND state <> 'idle'`;
    expect(open[0]!.n).toBe(0);
    expect((await rejection(exportManifest({ actor: admin, exportId: started.exportId }))).code).toBe("CONFLICT");

    // A full export of the same rows afterwards still verifies page after page.
    const file = await exportFile();
    expect(file.count).toBe(seeded.length + many.length);
    expect(lines(file.bytes)).toHaveLength(file.count);
    expect(new Set(idsOf(file.bytes)).size).toBe(file.count);

    // Exactly two pages: the page read ahead after the second is empty, and the file still ends where it should.
    const twoPages = await exportFile({ from: "2026-01-01T00:00:00Z", to: "2026-01-01T00:33:20Z" });
    expect(twoPages.count).toBe(2000);
    expect(lines(twoPages.bytes)).toHaveLength(2000);
    expect(new Set(idsOf(twoPages.bytes)).size).toBe(2000);
  });

  it("serves the decisions sidecar of a complete export (empty without hybrid records)", async () => {
    const file = await exportFile({ suite_id: SUITE_KEY });
    expect((await bytesOf(await exportDecisions({ actor: admin, exportId: file.exportId }))).length).toBe(0);
  });
});

describe("starting an export is a POST, the file a one-time GET", () => {
  it("prepares the export without reading records, streams its file once to its creator, and refuses a second download", async () => {
    const { exportId } = await prepareRecordExport({ actor: admin, filter: { suite_id: SUITE_KEY }, format: "jsonl" });
    expect((await getExport({ actor: admin, exportId })).status).toBe("prepared");
    const otherAdmin = await createTestUser(["admin"]);
    expect((await rejection(streamPreparedExport({ actor: otherAdmin, exportId }))).code).toBe("NOT_FOUND");
    expect((await rejection(streamPreparedExport({ actor: rater, exportId }))).code).toBe("FORBIDDEN");
    const started = await streamPreparedExport({ actor: admin, exportId });
    const lines = (await bytesOf(started.body)).toString("utf8").trim().split("\n");
    expect(lines).toHaveLength(started.count);
    expect((await getExport({ actor: admin, exportId })).status).toBe("complete");
    expect((await rejection(streamPreparedExport({ actor: admin, exportId }))).code).toBe("CONFLICT");
  });

  it("answers HEAD without using up the download, and refuses a cross-site request for the file", async () => {
    const { exportId } = await prepareRecordExport({ actor: admin, filter: { suite_id: SUITE_KEY }, format: "csv" });
    expect(await describePreparedExport({ actor: admin, exportId })).toEqual({ exportId, format: "csv" });
    expect((await rejection(describePreparedExport({ actor: rater, exportId }))).code).toBe("FORBIDDEN");
    const crossSite = await rejection(streamPreparedExport({ actor: admin, exportId, fetchSite: "cross-site" }));
    expect(crossSite).toMatchObject({ code: "FORBIDDEN", issues: [{ path: "/headers/sec-fetch-site" }] });
    expect((await getExport({ actor: admin, exportId })).status).toBe("prepared");
    await bytesOf((await streamPreparedExport({ actor: admin, exportId, fetchSite: "same-origin" })).body);
    expect((await rejection(describePreparedExport({ actor: admin, exportId }))).code).toBe("CONFLICT");
  });

  it("reads the POST body with the filter's own parser: lists or comma-separated, each bad field named", () => {
    expect(
      parseExportRequest({ format: "json", rater_type: ["human", "sme"], task_id: "a,b", derived: "true" }),
    ).toEqual({ format: "json", filter: { rater_type: ["human", "sme"], task_id: ["a", "b"], derived: true } });
    expect(parseExportRequest({})).toEqual({ format: "jsonl", filter: {} });
    expect(parseExportRequest({ format: "csv" })).toEqual({ format: "csv", filter: {} });
    expect(() => parseExportRequest({ format: "xml" })).toThrow("Unknown export format");
    expect(() => parseExportRequest({ suite: "x" })).toThrow("The filter is not valid");
  });
});
