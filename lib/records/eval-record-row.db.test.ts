// The one eval_record INSERT, against a real, migrated PostgreSQL, on each
// client the app writes records with (the pool, sqlTransaction's client, a
// Prisma transaction): one row and many, the stored body and digest checked
// against an independent computation, and a taken eval_id refused.
import { createHash, randomUUID } from "node:crypto";
import canonicalize from "canonicalize";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDraft, judgeDraft } from "@/lib/aif/sample-drafts";
import { completeRecord } from "@/lib/aif/server-fields";
import type { AifRecord } from "@/lib/aif/types";
import { db } from "@/lib/db";
import { requireDatabaseUrl } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { sqlTransaction } from "@/lib/sql-transaction";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { EvalIdTaken, evalRecordRow, insertEvalRecords, sqlOn } from "./eval-record-row";

const raw = new pg.Pool({ connectionString: requireDatabaseUrl(), max: 2 });
let rater: TestUser;
beforeAll(async () => {
  rater = await createTestUser(["rater"]);
});
afterAll(async () => {
  await raw.end();
  await db().$disconnect();
});

/** A valid record with text that JSON and jsonb both have to get right: escapes, non-ASCII, an astral character. */
function sampleRecord(n: number, options: { judge?: boolean; suiteId?: string | null } = {}): AifRecord {
  const draft = options.judge ? judgeDraft() : chatDraft({ rater: { type: "human", id: `rater-${n}` } });
  const task = { ...draft.task, task_id: `row-${n}` } as AifRecord["task"];
  if (options.suiteId === null) delete task.suite_id;
  else task.suite_id = options.suiteId ?? "eval-record-row";
  const record = completeRecord({ ...draft, task, comment: `line "${n}"\n\ttab, café, 𝄞 \\ back` } as typeof draft, {
    evalId: randomUUID(),
    createdAt: new Date(Date.UTC(2026, 11, 2, 6, 0, 0, n % 1000)),
  });
  return record;
}

type StoredRow = {
  eval_id: string;
  created_at: Date;
  rater_type: string;
  rater_id: string | null;
  task_id: string;
  suite_id: string | null;
  derived_from: string | null;
  body_text: string;
  sha256: string;
  submitted_by_id: string | null;
};

async function storedRows(evalIds: string[]): Promise<Map<string, StoredRow>> {
  const { rows } = await raw.query<StoredRow>(
    `SELECT eval_id::text, created_at, rater_type, rater_id, task_id, suite_id, derived_from::text,
            body::text AS body_text, encode(body_sha256, 'hex') AS sha256, submitted_by_id
     FROM eval_record WHERE eval_id = ANY($1::uuid[])`,
    [evalIds],
  );
  return new Map(rows.map((row) => [row.eval_id, row]));
}

/** What the rows must hold, computed without the module: jsonb's own text of the JSON, and SHA-256 of the JCS text. */
async function expectStoredAsGiven(records: AifRecord[], submittedById: string | null) {
  const rows = await storedRows(records.map((record) => record.eval_id));
  const { rows: jsonb } = await raw.query<{ text: string }>(
    "SELECT t::jsonb::text AS text FROM unnest($1::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n",
    [records.map((record) => JSON.stringify(record))],
  );
  records.forEach((record, index) => {
    const row = rows.get(record.eval_id);
    expect(row).toBeDefined();
    expect(row!.body_text).toBe(jsonb[index]!.text);
    expect(JSON.parse(row!.body_text)).toEqual(record);
    expect(row!.sha256).toBe(createHash("sha256").update(canonicalize(record)!, "utf8").digest("hex"));
    expect(row).toMatchObject({
      rater_type: record.rater.type,
      rater_id: record.rater.id ?? null,
      task_id: record.task.task_id,
      suite_id: record.task.suite_id ?? null,
      derived_from: record.derived_from ?? null,
      submitted_by_id: submittedById,
    });
    expect(row!.created_at.toISOString()).toBe(record.created_at);
  });
}

describe("insertEvalRecords", () => {
  it("stores one row on the pool exactly as the record's JSON", async () => {
    const record = sampleRecord(1);
    const stored = await insertEvalRecords(sqlOn(raw), [evalRecordRow(record, rater.userId)], { existing: "refuse" });
    expect(stored).toEqual([record.eval_id]);
    await expectStoredAsGiven([record], rater.userId);
  });

  it("stores many rows in one statement in a Prisma transaction and in sqlTransaction, nulls included", async () => {
    const prismaRecords = Array.from({ length: 1200 }, (_, n) =>
      sampleRecord(n, { judge: n % 3 === 0, suiteId: n % 4 === 0 ? null : undefined }),
    );
    const pgRecords = Array.from({ length: 50 }, (_, n) => sampleRecord(n, { suiteId: null }));
    const viaPrisma = await db().$transaction((tx) =>
      insertEvalRecords(
        sqlOn(tx),
        prismaRecords.map((record) => evalRecordRow(record, null)),
        { existing: "refuse" },
      ),
    );
    const viaPg = await sqlTransaction((tx) =>
      insertEvalRecords(
        sqlOn(tx),
        pgRecords.map((record) => evalRecordRow(record, rater.userId)),
        { existing: "refuse" },
      ),
    );
    expect(new Set(viaPrisma)).toEqual(new Set(prismaRecords.map((record) => record.eval_id)));
    expect(new Set(viaPg)).toEqual(new Set(pgRecords.map((record) => record.eval_id)));
    const rows = await storedRows([...viaPrisma, ...viaPg]);
    expect(rows.size).toBe(1250);
    await expectStoredAsGiven(prismaRecords, null);
    await expectStoredAsGiven(pgRecords, rater.userId);
    // A judge record has no rater.id column to lose; a free record no suite.
    expect(rows.get(prismaRecords[0]!.eval_id)!.rater_type).toBe("llm_judge");
    expect(rows.get(prismaRecords[4]!.eval_id)!.suite_id).toBeNull();
  });

  it("refuses a taken eval_id with a clear error and stores nothing of the statement", async () => {
    const taken = sampleRecord(2);
    await insertEvalRecords(sqlOn(raw), [evalRecordRow(taken, null)], { existing: "refuse" });
    const fresh = sampleRecord(3);
    const changed = { ...taken, comment: "another body under the same eval_id" } as AifRecord;

    for (const attempt of [
      () =>
        insertEvalRecords(sqlOn(raw), [evalRecordRow(fresh, null), evalRecordRow(changed, null)], {
          existing: "refuse",
        }),
      () =>
        db().$transaction((tx) =>
          insertEvalRecords(sqlOn(tx), [evalRecordRow(fresh, null), evalRecordRow(changed, null)], {
            existing: "refuse",
          }),
        ),
    ]) {
      const error = await rejection(attempt());
      expect(error).toBeInstanceOf(EvalIdTaken);
      expect((error as AppError).code).toBe("CONFLICT");
      expect((error as Error).message).toContain("already stored");
    }
    // pg names the taken eval_id itself; a single row's refusal names it too.
    const named = await rejection(
      insertEvalRecords(sqlOn(raw), [evalRecordRow(fresh, null), evalRecordRow(changed, null)], { existing: "refuse" }),
    );
    expect((named as EvalIdTaken).evalIds).toEqual([taken.eval_id]);
    expect((named as Error).message).toContain(taken.eval_id);
    const rows = await storedRows([taken.eval_id, fresh.eval_id]);
    expect([...rows.keys()]).toEqual([taken.eval_id]);
    expect(JSON.parse(rows.get(taken.eval_id)!.body_text)).toEqual(taken);
  });

  it("skips a taken eval_id when asked, storing the others and returning only theirs", async () => {
    const taken = sampleRecord(4);
    await insertEvalRecords(sqlOn(raw), [evalRecordRow(taken, null)], { existing: "refuse" });
    const fresh = sampleRecord(5);
    const stored = await db().$transaction((tx) =>
      insertEvalRecords(sqlOn(tx), [evalRecordRow(taken, null), evalRecordRow(fresh, null)], { existing: "skip" }),
    );
    expect(stored).toEqual([fresh.eval_id]);
    expect((await storedRows([fresh.eval_id])).size).toBe(1);
  });
});
