// Items, records and prefills through each commit policy they offer, against
// a real, migrated PostgreSQL: what the import acknowledged (accepted/refused)
// against what reached the database. Every file holds 3 valid entries and 1
// refused one, so all_or_nothing stores 0, store_valid 3, and stage 0 until
// the admin decides (staged records and prefills: staged-import.db.test.ts). The record and prefill imports go through their HTTP
// routes, so the query parameters are parsed as clients send them.
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as importRecordsRoute } from "@/app/api/records/import/route";
import { POST as importPrefillsRoute } from "@/app/api/suites/[suiteId]/prefills/route";
import { PUT as uploadItemsRoute } from "@/app/api/imports/[importId]/file/route";
import { AIF_SCHEMA_VERSION } from "@/lib/aif/contract";
import { chatDraft } from "@/lib/aif/sample-drafts";
import { completeRecord } from "@/lib/aif/server-fields";
import { createApiToken } from "@/lib/auth/api-tokens";
import { db, exportPool } from "@/lib/db";
import { validJudgmentFor } from "@/lib/judge/sample-judgments";
import { createSuite } from "@/lib/suites/service";
import { importTestItems, nativeItem } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { createImport, decideImport } from "./service";

const APP = "http://127.0.0.1:3000";
let admin: TestUser;
let token: string;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
  token = (await createApiToken({ actor: admin, name: `policy-${randomUUID().slice(0, 8)}`, roles: ["admin"] })).token;
});
afterAll(async () => {
  await db().$disconnect();
  await exportPool().end();
});

const body = (values: unknown[]) => values.map((value) => JSON.stringify(value)).join("\n") + "\n";
const request = (url: string, method: string, text: string) =>
  new Request(`${APP}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson" },
    body: Readable.toWeb(Readable.from([Buffer.from(text)])) as ReadableStream,
    duplex: "half",
  } as RequestInit);

describe("items", () => {
  async function importItems(policy: string | null) {
    const prefix = `p-${randomUUID().slice(0, 8)}`;
    const lines = [nativeItem(`${prefix}-1`), nativeItem(`${prefix}-2`), { not: "an item" }, nativeItem(`${prefix}-3`)];
    const created = await createImport({ actor: admin, input: { format: "items" } });
    const query = policy === null ? "" : `?policy=${policy}`;
    const response = await uploadItemsRoute(request(`/api/imports/${created.id}/file${query}`, "PUT", body(lines)), {
      params: Promise.resolve({ importId: created.id }),
    });
    const summary = (await response.json()) as {
      status: string;
      accepted: number;
      refused: number;
      imported: number | null;
      error?: unknown;
      errors?: unknown;
    };
    const stored = await db().item.count({ where: { importId: created.id } });
    return { id: created.id, response, summary, stored };
  }

  it("all_or_nothing: 3 accepted, 1 refused, nothing stored, the import discarded", async () => {
    const { summary, stored } = await importItems("all_or_nothing");
    expect(summary).toMatchObject({ status: "discarded", accepted: 3, refused: 1 });
    expect(stored).toBe(0);
  });

  it("store_valid: the 3 valid lines stored at once", async () => {
    const { summary, stored } = await importItems("store_valid");
    expect(summary).toMatchObject({ status: "committed", accepted: 3, refused: 1, imported: 3 });
    expect(stored).toBe(3);
  });

  it("stage (the default): nothing stored until the admin imports the valid lines", async () => {
    const { id, summary, stored } = await importItems(null);
    expect(summary).toMatchObject({ status: "awaiting_decision", accepted: 3, refused: 1 });
    expect(stored).toBe(0);
    await decideImport({ actor: admin, importId: id, decision: "import_valid_lines" });
    expect(await db().item.count({ where: { importId: id } })).toBe(3);
  });

  it("refuses an unknown policy with a 422 naming it, before reading the file", async () => {
    const { id, response, summary, stored } = await importItems("later");
    expect(response.status).toBe(422);
    expect(summary).toMatchObject({ error: { code: "INVALID_INPUT", message: expect.stringContaining("policy") } });
    expect(stored).toBe(0);
    expect(await db().itemImport.findUniqueOrThrow({ where: { id }, select: { linesRead: true } })).toEqual({
      linesRead: 0,
    });
  });
});

describe("records", () => {
  const record = () => completeRecord(chatDraft(), { evalId: randomUUID(), createdAt: new Date() });

  async function importRecords(query: string) {
    const valid = [record(), record(), record()];
    const lines = [valid[0], valid[1], { ...record(), universal: "not an object" }, valid[2]];
    const response = await importRecordsRoute(request(`/api/records/import${query}`, "POST", body(lines)));
    const answer = (await response.json()) as {
      refused?: number;
      records_read?: number;
      report?: { refused: number; records_read: number };
    };
    const stored = await db().evalRecord.count({ where: { evalId: { in: valid.map((entry) => entry.eval_id) } } });
    return { status: response.status, report: answer.report ?? answer, stored };
  }

  it.each([
    ["", 422, 0],
    ["?policy=all_or_nothing", 422, 0],
    ["?store_valid=false", 422, 0],
    ["?policy=store_valid", 200, 3],
    ["?store_valid=1", 200, 3],
    ["?store_valid=true", 200, 3],
  ])("%s: 4 read, 1 refused, answers %i and stores %i", async (query, status, stored) => {
    const result = await importRecords(query);
    expect(result.status).toBe(status);
    expect(result.report).toMatchObject({ records_read: 4, refused: 1 });
    expect(result.stored).toBe(stored);
  });

  it.each(["?store_valid=yes", "?policy=later", "?policy=store_valid&store_valid=0"])(
    "%s answers 422 and stores nothing",
    async (query) => {
      const result = await importRecords(query);
      expect(result.status).toBe(422);
      expect(result.stored).toBe(0);
    },
  );
});

describe("prefills", () => {
  async function suiteWithItems() {
    const { importId, taskIds } = await importTestItems(admin, 4);
    const suite = await createSuite({
      actor: admin,
      input: {
        name: "Policy suite",
        key: `policy-${importId.slice(0, 8)}`,
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

  async function importPrefills(query: string) {
    const { suiteId, taskIds } = await suiteWithItems();
    const lines = [
      judgeRecord(taskIds[0]!),
      judgeRecord(taskIds[1]!),
      judgeRecord("no-such-task"),
      judgeRecord(taskIds[2]!),
    ];
    const response = await importPrefillsRoute(
      request(`/api/suites/${suiteId}/prefills${query}`, "POST", body(lines)),
      { params: Promise.resolve({ suiteId }) },
    );
    const answer = (await response.json()) as { refused?: number; report?: { refused: number; records_read: number } };
    const stored = await db().reviewTask.count({ where: { suiteId } });
    return { status: response.status, report: answer.report ?? answer, stored };
  }

  it.each([
    ["", 422, 0],
    ["?policy=all_or_nothing", 422, 0],
    ["?policy=store_valid", 201, 3],
    ["?store_valid=1", 201, 3],
  ])("%s: 4 read, 1 refused, answers %i and opens %i review tasks", async (query, status, stored) => {
    const result = await importPrefills(query);
    expect(result.status).toBe(status);
    expect(result.report).toMatchObject({ records_read: 4, refused: 1 });
    expect(result.stored).toBe(stored);
  });

  it("?store_valid=yes answers 422 naming the parameter and stores nothing", async () => {
    const { suiteId } = await suiteWithItems();
    const response = await importPrefillsRoute(
      request(`/api/suites/${suiteId}/prefills?store_valid=yes`, "POST", body([judgeRecord("x")])),
      { params: Promise.resolve({ suiteId }) },
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      error: { code: "INVALID_INPUT", message: expect.stringContaining("store_valid") },
    });
    expect(await db().reviewTask.count({ where: { suiteId } })).toBe(0);
  });
});
