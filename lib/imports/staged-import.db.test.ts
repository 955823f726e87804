// Records and prefills through the staged protocol items already had, against
// a real, migrated PostgreSQL: an import row of the kind, per-line verdicts
// and counts on it, nothing stored until the decision, the downloadable
// report naming refused lines, and the decision storing the valid lines (or
// nothing). The one-request routes' ?policy=stage and the generic
// /api/imports routes are called as clients call them.
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createImportRoute, GET as listImportsRoute } from "@/app/api/imports/route";
import { POST as decisionRoute } from "@/app/api/imports/[importId]/decision/route";
import { PUT as uploadRoute } from "@/app/api/imports/[importId]/file/route";
import { GET as reportRoute } from "@/app/api/imports/[importId]/report/route";
import { POST as importRecordsRoute } from "@/app/api/records/import/route";
import { POST as importPrefillsRoute } from "@/app/api/suites/[suiteId]/prefills/route";
import { AIF_SCHEMA_VERSION } from "@/lib/aif/contract";
import { chatDraft } from "@/lib/aif/sample-drafts";
import { completeRecord } from "@/lib/aif/server-fields";
import { createApiToken } from "@/lib/auth/api-tokens";
import { db, exportPool } from "@/lib/db";
import { validJudgmentFor } from "@/lib/judge/sample-judgments";
import { createSuite } from "@/lib/suites/service";
import { importTestItems } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { createImport, decideImport, getImportReport, listImports, readImportFile } from "./service";

const APP = "http://127.0.0.1:3000";
let admin: TestUser;
let token: string;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
  token = (await createApiToken({ actor: admin, name: `staged-${randomUUID().slice(0, 8)}`, roles: ["admin"] })).token;
});
afterAll(async () => {
  await db().$disconnect();
  await exportPool().end();
});

const jsonl = (values: unknown[]) => values.map((value) => JSON.stringify(value)).join("\n") + "\n";
const fileOf = (values: unknown[]) => Readable.from([Buffer.from(jsonl(values))]);
const request = (url: string, method: string, text: string, type = "application/x-ndjson") =>
  method === "GET"
    ? new Request(`${APP}${url}`, { headers: { authorization: `Bearer ${token}` } })
    : new Request(`${APP}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": type },
        body: Readable.toWeb(Readable.from([Buffer.from(text)])) as ReadableStream,
        duplex: "half",
      } as RequestInit);
const params = (importId: string) => ({ params: Promise.resolve({ importId }) });

const record = (extra: Record<string, unknown> = {}) => ({
  ...completeRecord(chatDraft(), { evalId: randomUUID(), createdAt: new Date() }),
  ...extra,
});
const storedRecords = (ids: string[]) => db().evalRecord.count({ where: { evalId: { in: ids } } });

describe("records, staged", () => {
  it("stages 3 valid lines beside 1 refused, stores nothing until the decision, then exactly the 3", async () => {
    const valid = [record(), record(), record()];
    const lines = [valid[0], valid[1], { ...record(), universal: "not an object" }, valid[2]];
    const created = await createImport({ actor: admin, input: { kind: "records", file_name: "records.jsonl" } });
    expect(created).toMatchObject({ kind: "records", format: "aif", status: "reading", suiteId: null });
    const read = await readImportFile({ actor: admin, importId: created.id, file: fileOf(lines), policy: "stage" });
    expect(read).toMatchObject({ status: "awaiting_decision", linesRead: 4, accepted: 3, refused: 1, imported: null });
    expect(await storedRecords(valid.map((entry) => entry.eval_id))).toBe(0);
    const report = await getImportReport({ actor: admin, importId: created.id });
    expect(report.errors).toEqual([expect.objectContaining({ line: 3, field: "/universal", rule: "type" })]);
    expect(report.notes).toEqual([]);

    const decided = await decideImport({ actor: admin, importId: created.id, decision: "import_valid_lines" });
    expect(decided).toMatchObject({ status: "committed", accepted: 3, refused: 1, imported: 3, alreadyPresent: 0 });
    expect(await storedRecords(valid.map((entry) => entry.eval_id))).toBe(3);
    expect(await db().importStagedItem.count({ where: { importId: created.id } })).toBe(0);
    // Stored as read: the body is the line's record.
    const stored = await db().evalRecord.findUniqueOrThrow({
      where: { evalId: valid[1]!.eval_id },
      select: { body: true },
    });
    expect(stored.body).toEqual(JSON.parse(JSON.stringify(valid[1])));
  });

  it("abandoning stores nothing and keeps the report", async () => {
    const valid = [record(), record()];
    const created = await createImport({ actor: admin, input: { kind: "records" } });
    await readImportFile({ actor: admin, importId: created.id, file: fileOf([valid[0], { no: "record" }, valid[1]]) });
    const discarded = await decideImport({ actor: admin, importId: created.id, decision: "discard" });
    expect(discarded).toMatchObject({ status: "discarded", imported: null });
    expect(await storedRecords(valid.map((entry) => entry.eval_id))).toBe(0);
    expect((await getImportReport({ actor: admin, importId: created.id })).errors[0]).toMatchObject({ line: 2 });
  });

  it("at the decision, refuses a line whose eval_id a different record took meanwhile and one deriving from nothing", async () => {
    const taken = record();
    const orphan = record({ derived_from: randomUUID() });
    const child = record({ derived_from: orphan.eval_id });
    const fine = record();
    const created = await createImport({ actor: admin, input: { kind: "records" } });
    await readImportFile({
      actor: admin,
      importId: created.id,
      file: fileOf([taken, { bad: true }, orphan, child, fine]),
    });
    // Another import stores a different record under the same eval_id before the admin decides.
    const other = await createImport({ actor: admin, input: { kind: "records" } });
    await readImportFile({
      actor: admin,
      importId: other.id,
      file: fileOf([{ ...record(), eval_id: taken.eval_id }]),
      policy: "store_valid",
    });
    const decided = await decideImport({ actor: admin, importId: created.id, decision: "import_valid_lines" });
    // The orphan is left out, and the child with it (it derived from the orphan).
    expect(decided).toMatchObject({ status: "committed", imported: 1, linesRead: 5, refused: 4, accepted: 1 });
    expect(await storedRecords([fine.eval_id])).toBe(1);
    expect(await storedRecords([orphan.eval_id, child.eval_id])).toBe(0);
    const { errors } = await getImportReport({ actor: admin, importId: created.id });
    expect(new Set(errors.map((error) => error.line))).toEqual(new Set([1, 2, 3, 4]));
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 1, rule: "evalIdTaken" }),
        expect.objectContaining({ line: 3, rule: "derivedFromExists" }),
        expect.objectContaining({ line: 4, rule: "derivedFromExists" }),
      ]),
    );
  });

  it("a clean file staged is stored at once; importing it again counts every record as already present", async () => {
    const lines = [record(), record()];
    const first = await createImport({ actor: admin, input: { kind: "records" } });
    expect(await readImportFile({ actor: admin, importId: first.id, file: fileOf(lines) })).toMatchObject({
      status: "committed",
      imported: 2,
    });
    const again = await createImport({ actor: admin, input: { kind: "records" } });
    expect(await readImportFile({ actor: admin, importId: again.id, file: fileOf(lines) })).toMatchObject({
      status: "committed",
      imported: 0,
      alreadyPresent: 2,
    });
  });

  it("answers 403 before looking at the body for a caller who may not import", async () => {
    const rater = await createTestUser(["rater"]);
    for (const input of [{ kind: "records" }, { kind: "records", format: 3 }, { kind: "nonsense" }, null])
      await expect(createImport({ actor: rater, input })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("refuses a format or a suite on a records import, naming the field", async () => {
    await expect(createImport({ actor: admin, input: { kind: "records", format: "items" } })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      issues: [expect.objectContaining({ path: "/format" })],
    });
    await expect(
      createImport({ actor: admin, input: { kind: "records", suite_id: randomUUID() } }),
    ).rejects.toMatchObject({ code: "INVALID_INPUT", issues: [expect.objectContaining({ path: "/suite_id" })] });
  });
});

describe("records over HTTP", () => {
  it("?policy=stage answers 201 with the import; its report downloads; the decision route stores the valid lines", async () => {
    const valid = [record(), record()];
    const response = await importRecordsRoute(
      request(
        "/api/records/import?policy=stage&file_name=r.jsonl",
        "POST",
        jsonl([valid[0], "not a record", valid[1]]),
      ),
    );
    expect(response.status).toBe(201);
    const summary = (await response.json()) as { id: string; kind: string; status: string; file_name: string };
    expect(summary).toMatchObject({ kind: "records", status: "awaiting_decision", file_name: "r.jsonl" });
    expect(response.headers.get("location")).toBe(`/api/imports/${summary.id}`);
    expect(await storedRecords(valid.map((entry) => entry.eval_id))).toBe(0);

    const report = await reportRoute(request(`/api/imports/${summary.id}/report`, "GET", ""), params(summary.id));
    expect(report.headers.get("content-disposition")).toContain(`import-${summary.id}-report.json`);
    expect(await report.json()).toMatchObject({
      kind: "records",
      accepted: 2,
      refused: 1,
      errors: [{ line: 2, field: "", rule: "type" }],
    });

    const decided = await decisionRoute(
      request(
        `/api/imports/${summary.id}/decision`,
        "POST",
        JSON.stringify({ decision: "import_valid_lines" }),
        "application/json",
      ),
      params(summary.id),
    );
    expect(decided.status).toBe(200);
    expect(await decided.json()).toMatchObject({ status: "committed", imported: 2 });
    expect(await storedRecords(valid.map((entry) => entry.eval_id))).toBe(2);
  });

  it("POST /api/imports {kind: records} then PUT the file: the same protocol as items", async () => {
    const created = await createImportRoute(
      request("/api/imports", "POST", JSON.stringify({ kind: "records", file_name: "x.jsonl" }), "application/json"),
      { params: Promise.resolve({}) },
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const lines = [record(), { x: 1 }];
    const read = await uploadRoute(request(`/api/imports/${id}/file`, "PUT", jsonl(lines)), params(id));
    expect(await read.json()).toMatchObject({ kind: "records", status: "awaiting_decision", accepted: 1, refused: 1 });
    const listed = (await (
      await listImportsRoute(request("/api/imports?kind=records", "GET", ""), { params: Promise.resolve({}) })
    ).json()) as {
      imports: { id: string; kind: string }[];
    };
    expect(listed.imports).toEqual(expect.arrayContaining([expect.objectContaining({ id, kind: "records" })]));
  });
});

describe("prefills, staged", () => {
  async function suiteWithItems() {
    const { importId, taskIds } = await importTestItems(admin, 4);
    const suite = await createSuite({
      actor: admin,
      input: {
        name: "Staged prefills",
        key: `staged-${importId.slice(0, 8)}`,
        overlap_k: 1,
        gold_share: 0,
        hold_minutes: 30,
        rater_ids: [],
        import_ids: [importId],
      },
    });
    return { suiteId: suite.id, taskIds };
  }
  const judgeRecord = (taskId: string) => ({
    schema_version: AIF_SCHEMA_VERSION,
    eval_id: randomUUID(),
    created_at: "2026-11-01T10:00:00.000Z",
    rater: { type: "llm_judge", id: "judge-model#abc123", model: "judge-model", n_samples: 3 },
    task: { task_id: taskId, suite_id: "source-suite", modality: "chat", prompt: `Prompt of ${taskId}` },
    subject: { system_under_test: "Test Model", modality_tags: ["chat"] },
    ...validJudgmentFor("chat"),
  });

  it("?policy=stage: 3 staged beside 1 unmatched, no review task until the decision; the judge records stored unchanged", async () => {
    const { suiteId, taskIds } = await suiteWithItems();
    const lines = [
      judgeRecord(taskIds[0]!),
      judgeRecord(taskIds[1]!),
      judgeRecord("no-such-task"),
      judgeRecord(taskIds[2]!),
    ];
    const response = await importPrefillsRoute(
      request(`/api/suites/${suiteId}/prefills?policy=stage&file_name=judge.jsonl`, "POST", jsonl(lines)),
      { params: Promise.resolve({ suiteId }) },
    );
    expect(response.status).toBe(201);
    const summary = (await response.json()) as { id: string };
    expect(summary).toMatchObject({
      kind: "prefills",
      suite_id: suiteId,
      status: "awaiting_decision",
      accepted: 3,
      refused: 1,
    });
    expect(await db().reviewTask.count({ where: { suiteId } })).toBe(0);
    expect(await db().prefillImport.count({ where: { suiteId } })).toBe(0);
    const report = await getImportReport({ actor: admin, importId: summary.id });
    expect(report.errors).toEqual([expect.objectContaining({ line: 3, field: "/task/task_id", rule: "unmatched" })]);

    const decided = await decideImport({ actor: admin, importId: summary.id, decision: "import_valid_lines" });
    expect(decided).toMatchObject({ status: "committed", imported: 3, alreadyPresent: 0 });
    expect(await db().reviewTask.count({ where: { suiteId } })).toBe(3);
    const stored = await db().evalRecord.findUniqueOrThrow({
      where: { evalId: lines[1]!.eval_id },
      select: { body: true },
    });
    expect(stored.body).toEqual(lines[1]);
    expect(await db().prefillImport.findFirstOrThrow({ where: { suiteId } })).toMatchObject({
      fileName: "judge.jsonl",
      stored: 3,
      refused: 1,
      recordsRead: 4,
    });
  });

  it("records without eval_id keep the id and created_at assigned when read", async () => {
    const { suiteId, taskIds } = await suiteWithItems();
    const { eval_id: _id, created_at: _at, ...bare } = judgeRecord(taskIds[0]!);
    const created = await createImport({ actor: admin, input: { kind: "prefills", suite_id: suiteId } });
    const read = await readImportFile({ actor: admin, importId: created.id, file: fileOf([bare, { no: 1 }]) });
    expect(read).toMatchObject({ status: "awaiting_decision", accepted: 1, refused: 1 });
    const staged = await db().importStagedItem.findFirstOrThrow({ where: { importId: created.id } });
    await decideImport({ actor: admin, importId: created.id, decision: "import_valid_lines" });
    const task = await db().reviewTask.findFirstOrThrow({ where: { suiteId }, select: { judgeEvalId: true } });
    expect(task.judgeEvalId).toBe(staged.identity);
    const report = await getImportReport({ actor: admin, importId: created.id });
    expect(report.notes).toEqual(
      expect.arrayContaining([expect.objectContaining({ message: expect.stringContaining("they were assigned") })]),
    );
  });

  it("a prefills import needs its suite; listImports shows every kind", async () => {
    await expect(createImport({ actor: admin, input: { kind: "prefills" } })).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: "/suite_id" })],
    });
    await expect(
      createImport({ actor: admin, input: { kind: "prefills", suite_id: randomUUID() } }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const kinds = new Set((await listImports({ actor: admin, limit: 500 })).map((entry) => entry.kind));
    expect([...kinds].sort()).toEqual(["items", "prefills", "records"]);
  });
});
