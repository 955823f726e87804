// Records against a real, migrated PostgreSQL (DATABASE_URL from the test setup).
import pg from "pg";
import * as testDatabases from "@/lib/testing/test-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backfillRecordHashes } from "@/lib/migrations/backfill-record-hashes";
import { formatDigest, recordHash } from "./canonical-hash";
import { chatDraft, judgeDraft, withoutRater as asSubmitted } from "@/lib/aif/sample-drafts";
import type { AifDraft } from "@/lib/aif/types";
import { validateAgainstContract } from "@/lib/aif/validate";
import { db } from "@/lib/db";
import { requireDatabaseUrl } from "@/lib/env";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { getRecord, listRecords } from "./read-records";
import { submitRecord } from "./submit-record";

// A database of its own: its TRUNCATE … CASCADE locks every table that points at records, and test files run side by side (vitest.config.ts).
const database = await testDatabases.createTestDatabase("records");
testDatabases.useDatabaseInThisFile(database);

let rater: TestUser;
let otherRater: TestUser;
let sme: TestUser;
let admin: TestUser;
beforeAll(async () => {
  [rater, otherRater, sme, admin] = await Promise.all([
    createTestUser(["rater"]),
    createTestUser(["rater"]),
    createTestUser(["sme"]),
    createTestUser(["admin"]),
  ]);
});

const raw = new pg.Pool({ connectionString: requireDatabaseUrl(), max: 2 });
afterAll(async () => {
  await raw.end();
  await db().$disconnect();
  await database.drop();
});

async function countRows(taskId: string): Promise<number> {
  const { rows } = await raw.query<{ n: string }>("SELECT count(*) AS n FROM eval_record WHERE task_id = $1", [taskId]);
  return Number(rows[0]!.n);
}

function uniqueTask(): string {
  return `task-${Math.random().toString(36).slice(2)}`;
}

describe("submitRecord", () => {
  it("stores a valid draft with server-assigned fields, body exactly as returned", async () => {
    const taskId = uniqueTask();
    const draft = asSubmitted(chatDraft({ task: { ...chatDraft().task, task_id: taskId } }));
    const stored = await submitRecord({ actor: rater, draft });
    expect(stored.body.schema_version).toBe("1.0.0");
    expect(stored.body.rater).toEqual({ type: "human", id: rater.userId });
    expect(stored.body.eval_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await countRows(taskId)).toBe(1);
    const { rows } = await raw.query(
      "SELECT body, rater_type, rater_id, submitted_by_id, task_id, suite_id FROM eval_record WHERE eval_id = $1",
      [stored.evalId],
    );
    expect(rows[0]).toEqual({
      body: stored.body,
      rater_type: "human",
      rater_id: rater.userId,
      submitted_by_id: rater.userId,
      task_id: taskId,
      suite_id: "geo-basics",
    });
    expect(validateAgainstContract(rows[0].body)).toEqual([]);
  });

  it("stores nothing and names every issue when the rules are broken", async () => {
    const taskId = uniqueTask();
    const base = asSubmitted(chatDraft()) as AifDraft;
    const draft = {
      ...base,
      task: { ...base.task, task_id: taskId },
      universal: { ...base.universal, helpfulness: { score: 2 } },
      safety: { is_violating_any: false, hate: { verdict: "violating" } },
    };
    const error = await rejection(submitRecord({ actor: rater, draft }));
    expect(error.code).toBe("INVALID_RECORD");
    expect(error.issues.map((issue) => `${issue.path} ${issue.rule}`).sort()).toEqual([
      "/safety/hate/evidence violatingHazardNeedsDetail",
      "/safety/hate/severity violatingHazardNeedsDetail",
      "/safety/is_violating_any isViolatingAnyRollup",
      "/universal/helpfulness/rationale rationaleRequired",
    ]);
    expect(await countRows(taskId)).toBe(0);
  });

  it("refuses drafts that set server-assigned fields", async () => {
    const taskId = uniqueTask();
    const draft = {
      ...asSubmitted(chatDraft({ task: { ...chatDraft().task, task_id: taskId } })),
      eval_id: "6f1c2f2e-8d7a-4f4e-9a57-3f6f6f1b2c3d",
    };
    const error = await rejection(submitRecord({ actor: rater, draft }));
    expect(error.issues).toEqual([{ path: "/eval_id", rule: "serverAssigned", message: expect.any(String) }]);
    expect(await countRows(taskId)).toBe(0);
  });

  it("links a correction to its original and refuses an unknown derived_from", async () => {
    const original = await submitRecord({ actor: rater, draft: asSubmitted(judgeDraft()) });
    const correction = await submitRecord({
      actor: rater,
      draft: { ...asSubmitted(judgeDraft()), derived_from: original.evalId },
    });
    const { rows } = await raw.query("SELECT derived_from FROM eval_record WHERE eval_id = $1", [correction.evalId]);
    expect(rows[0].derived_from).toBe(original.evalId);

    const taskId = uniqueTask();
    const orphan = {
      ...asSubmitted(chatDraft({ task: { ...chatDraft().task, task_id: taskId } })),
      derived_from: "0b7e9c1e-1111-4222-8333-944455556666",
    };
    const error = await rejection(submitRecord({ actor: rater, draft: orphan }));
    expect(error.issues[0]).toMatchObject({ path: "/derived_from", rule: "derivedFromExists" });
    expect(await countRows(taskId)).toBe(0);

    // Another rater's record cannot be corrected: it is reported as not existing.
    const foreign = {
      ...asSubmitted(chatDraft({ task: { ...chatDraft().task, task_id: taskId } })),
      derived_from: original.evalId,
    };
    const idor = await rejection(submitRecord({ actor: otherRater, draft: foreign }));
    expect(idor.issues[0]).toMatchObject({ path: "/derived_from", rule: "derivedFromExists" });
    expect(await countRows(taskId)).toBe(0);
  });

  it("refuses a correction that moves its parent's rating to another task or suite", async () => {
    const original = await submitRecord({ actor: rater, draft: asSubmitted(chatDraft()) });
    const taskId = uniqueTask();
    for (const task of [
      { ...chatDraft().task, task_id: taskId },
      { ...chatDraft().task, task_id: taskId, suite_id: "demo-quality" },
      { ...chatDraft().task, gold_item_id: "g-1", calibration_target: { helpfulness: 5 } },
    ]) {
      const moved = await rejection(
        submitRecord({ actor: rater, draft: { ...asSubmitted(chatDraft()), task, derived_from: original.evalId } }),
      );
      expect(moved.issues[0]).toMatchObject({ path: "/task", rule: "derivedFromSameTask" });
    }
    expect(await countRows(taskId)).toBe(0);
  });

  it("keeps only type and id in a person's rater block: model fields typed by a rater are dropped", async () => {
    const stored = await submitRecord({
      actor: rater,
      draft: {
        ...asSubmitted(chatDraft()),
        rater: { type: "human", training_cohort: "gold-annotators", model: "gpt-x", version: "9", n_samples: 50 },
      },
    });
    expect(stored.body.rater).toEqual({ type: "human", id: rater.userId });
    const { rows } = await raw.query("SELECT body -> 'rater' AS rater FROM eval_record WHERE eval_id = $1", [
      stored.evalId,
    ]);
    expect(rows[0].rater).toEqual({ type: "human", id: rater.userId });
  });
});

describe("records are append-only in the database itself", () => {
  it("rejects UPDATE, DELETE and TRUNCATE", async () => {
    const stored = await submitRecord({ actor: rater, draft: asSubmitted(chatDraft()) });
    await expect(
      raw.query("UPDATE eval_record SET rater_id = 'someone-else' WHERE eval_id = $1", [stored.evalId]),
    ).rejects.toThrow(/append-only/);
    await expect(
      raw.query("UPDATE eval_record SET body = body || '{\"x\":1}' WHERE eval_id = $1", [stored.evalId]),
    ).rejects.toThrow(/append-only/);
    await expect(raw.query("DELETE FROM eval_record WHERE eval_id = $1", [stored.evalId])).rejects.toThrow(
      /append-only/,
    );
    // CASCADE gets past the foreign keys that point at records, so the trigger itself answers.
    await expect(raw.query("TRUNCATE eval_record CASCADE")).rejects.toThrow(/append-only/);
    const after = await getRecord({ actor: rater, evalId: stored.evalId });
    expect(after.body).toEqual(stored.body);
  });

  it("stores each record's canonical hash; the only update allowed fills a missing one, as the backfill does", async () => {
    const stored = await submitRecord({ actor: rater, draft: asSubmitted(chatDraft()) });
    const row = await raw.query("SELECT body_sha256 FROM eval_record WHERE eval_id = $1", [stored.evalId]);
    expect(formatDigest(row.rows[0].body_sha256)).toBe(recordHash(stored.body));
    await expect(
      raw.query("UPDATE eval_record SET body_sha256 = NULL WHERE eval_id = $1", [stored.evalId]),
    ).rejects.toThrow(/append-only/);
    await expect(
      raw.query("UPDATE eval_record SET body_sha256 = $2 WHERE eval_id = $1", [stored.evalId, Buffer.alloc(32)]),
    ).rejects.toThrow(/append-only/);

    // A row from before the column: the backfill fills it; nothing else may change with it.
    const body = {
      ...chatDraft(),
      schema_version: "1.0.0",
      eval_id: "3c1d5e7f-9a2b-4c6d-8e0f-1a3b5c7d9e2f",
      created_at: new Date().toISOString(),
    };
    await raw.query(
      "INSERT INTO eval_record (eval_id, created_at, rater_type, rater_id, task_id, suite_id, body) VALUES ($1, now(), 'human', $2, $3, $4, $5)",
      [body.eval_id, body.rater.id, body.task.task_id, body.task.suite_id, body],
    );
    await expect(
      raw.query("UPDATE eval_record SET body_sha256 = $2, task_id = 'moved' WHERE eval_id = $1", [
        body.eval_id,
        Buffer.alloc(32),
      ]),
    ).rejects.toThrow(/append-only|body_matches/);
    const client = await raw.connect();
    try {
      expect(await backfillRecordHashes(client)).toBeGreaterThanOrEqual(1);
      expect(await backfillRecordHashes(client)).toBe(0);
    } finally {
      client.release();
    }
    const filled = await raw.query("SELECT body_sha256 FROM eval_record WHERE eval_id = $1", [body.eval_id]);
    expect(formatDigest(filled.rows[0].body_sha256)).toBe(recordHash(body));
  });

  it("rejects a row whose columns disagree with its body", async () => {
    const body = {
      ...chatDraft(),
      schema_version: "1.0.0",
      eval_id: "9a0e2f8c-0c55-4b5e-9d0a-2b1c3d4e5f60",
      created_at: new Date().toISOString(),
    };
    await expect(
      raw.query(
        "INSERT INTO eval_record (eval_id, created_at, rater_type, task_id, body) VALUES ($1, now(), 'sme', $2, $3)",
        [body.eval_id, body.task.task_id, body],
      ),
    ).rejects.toThrow(/eval_record_body_matches_columns/);
  });
});

describe("listRecords", () => {
  it("pages newest first by cursor without gaps or repeats", async () => {
    const suite = `suite-${Math.random().toString(36).slice(2)}`;
    const pager = await createTestUser(["rater"]);
    for (let i = 0; i < 5; i++)
      await submitRecord({
        actor: pager,
        draft: asSubmitted(chatDraft({ task: { ...chatDraft().task, task_id: `${suite}-${i}`, suite_id: suite } })),
      });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof listRecords>> = await listRecords({ actor: pager, cursor, limit: 2 });
      seen.push(...page.records.map((record) => record.evalId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    // Other test files insert concurrently: compare this suite's rows only.
    const { rows } = await raw.query<{ eval_id: string }>(
      "SELECT eval_id FROM eval_record WHERE suite_id = $1 ORDER BY created_at DESC, eval_id DESC",
      [suite],
    );
    expect(rows).toHaveLength(5);
    // The pager sees exactly its own records, in order.
    expect(seen).toEqual(rows.map((row) => row.eval_id));
  });
});

describe("listRecords cursor", () => {
  it("refuses a cursor that is not one of ours as a bad request, not a server error", async () => {
    for (const cursor of [
      "garbage",
      Buffer.from("2026-01-01T00:00:00.000Z|not-a-uuid").toString("base64url"),
      Buffer.from("x|y").toString("base64url"),
    ]) {
      expect((await rejection(listRecords({ actor: rater, cursor }))).code).toBe("BAD_REQUEST");
    }
  });
});

describe("getRecord", () => {
  it("answers NOT_FOUND for unknown and malformed ids", async () => {
    expect((await rejection(getRecord({ actor: admin, evalId: "0b7e9c1e-1111-4222-8333-944455556666" }))).code).toBe(
      "NOT_FOUND",
    );
    expect((await rejection(getRecord({ actor: admin, evalId: "1 OR 1=1" }))).code).toBe("NOT_FOUND");
  });
});

describe("ownership and the rater block", () => {
  it("another rater's record answers NOT_FOUND and is absent from their list; admins see it", async () => {
    const stored = await submitRecord({ actor: rater, draft: asSubmitted(chatDraft()) });
    expect((await rejection(getRecord({ actor: otherRater, evalId: stored.evalId }))).code).toBe("NOT_FOUND");
    expect((await rejection(getRecord({ actor: sme, evalId: stored.evalId }))).code).toBe("NOT_FOUND");
    const theirs = await listRecords({ actor: otherRater, limit: 200 });
    expect(theirs.records.map((record) => record.evalId)).not.toContain(stored.evalId);
    expect((await getRecord({ actor: admin, evalId: stored.evalId })).body).toEqual(stored.body);
  });

  it("rejects a body that names another rater or another rater type", async () => {
    const taskId = uniqueTask();
    const draft = asSubmitted(chatDraft({ task: { ...chatDraft().task, task_id: taskId } }));
    const spoofed = await rejection(
      submitRecord({ actor: rater, draft: { ...draft, rater: { type: "human", id: otherRater.userId } } }),
    );
    expect(spoofed.issues).toEqual([
      { path: "/rater/id", rule: "raterFromSession", message: expect.stringContaining("session") },
    ]);
    const judge = await rejection(submitRecord({ actor: rater, draft: { ...draft, rater: { type: "llm_judge" } } }));
    expect(judge.issues).toEqual([{ path: "/rater/type", rule: "raterFromSession", message: expect.any(String) }]);
    expect(await countRows(taskId)).toBe(0);
  });

  it("an SME rating directly gets rater.type sme; an admin without a rating role may not submit", async () => {
    const stored = await submitRecord({ actor: sme, draft: asSubmitted(chatDraft()) });
    expect(stored.body.rater).toEqual({ type: "sme", id: sme.userId });
    expect((await rejection(submitRecord({ actor: admin, draft: asSubmitted(chatDraft()) }))).code).toBe("FORBIDDEN");
  });

  it("audits every submitted record", async () => {
    const stored = await submitRecord({ actor: rater, draft: asSubmitted(chatDraft()) });
    const { rows } = await raw.query(
      "SELECT actor_id FROM audit_event WHERE action = 'record.submitted' AND subject = $1",
      [stored.evalId],
    );
    expect(rows).toEqual([{ actor_id: rater.userId }]);
  });
});
