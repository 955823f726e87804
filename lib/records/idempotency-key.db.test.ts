// Idempotency-Key on record submission, against a real, migrated PostgreSQL:
// replays, racing retries, reuse for another request, scope per user.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDraft, withoutRater as asSubmitted } from "@/lib/aif/sample-drafts";
import { db } from "@/lib/db";
import { requireDatabaseUrl } from "@/lib/env";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { parseIdempotencyKey } from "./idempotency-key";
import { submitRecord } from "./submit-record";

let rater: TestUser;
let otherRater: TestUser;
beforeAll(async () => {
  [rater, otherRater] = await Promise.all([createTestUser(["rater"]), createTestUser(["rater"])]);
});

const raw = new pg.Pool({ connectionString: requireDatabaseUrl(), max: 2 });
afterAll(async () => {
  await raw.end();
  await db().$disconnect();
});

function draftFor(taskId: string) {
  return asSubmitted(chatDraft({ task: { ...chatDraft().task, task_id: taskId } }));
}

function uniqueTask(): string {
  return `task-${Math.random().toString(36).slice(2)}`;
}

function uniqueKey(): string {
  return `key-${Math.random().toString(36).slice(2)}`;
}

async function storedIds(taskId: string): Promise<string[]> {
  const { rows } = await raw.query<{ eval_id: string }>("SELECT eval_id FROM eval_record WHERE task_id = $1", [taskId]);
  return rows.map((row) => row.eval_id);
}

describe("submitRecord with an idempotency key", () => {
  it("answers a repeat with the first record, replayed, and stores it once", async () => {
    const taskId = uniqueTask();
    const key = uniqueKey();
    const first = await submitRecord({ actor: rater, draft: draftFor(taskId), idempotencyKey: key });
    // The same JSON with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(draftFor(taskId)).reverse());
    const again = await submitRecord({ actor: rater, draft: reordered, idempotencyKey: key });
    expect(first.replayed).toBeUndefined();
    expect(again).toMatchObject({ evalId: first.evalId, replayed: true, body: first.body });
    expect(await storedIds(taskId)).toEqual([first.evalId]);
  });

  it("stores one record when retries with the same key race", async () => {
    const taskId = uniqueTask();
    const key = uniqueKey();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => submitRecord({ actor: rater, draft: draftFor(taskId), idempotencyKey: key })),
    );
    const stored = await storedIds(taskId);
    expect(stored).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.evalId))).toEqual(new Set(stored));
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
  });

  it("refuses the same key with a different body or role, naming the header and rule; stores nothing for it", async () => {
    const taskId = uniqueTask();
    const otherTask = uniqueTask();
    const key = uniqueKey();
    await submitRecord({ actor: rater, draft: draftFor(taskId), idempotencyKey: key });
    const reused = await rejection(submitRecord({ actor: rater, draft: draftFor(otherTask), idempotencyKey: key }));
    expect(reused.code).toBe("INVALID_INPUT");
    expect(reused.issues).toEqual([
      { path: "/headers/Idempotency-Key", rule: "idempotencyKeyReused", message: expect.any(String) },
    ]);
    expect(await storedIds(otherTask)).toEqual([]);
    const asOtherRole = await rejection(
      submitRecord({ actor: rater, draft: draftFor(taskId), as: "sme", idempotencyKey: key }),
    );
    expect(asOtherRole.issues[0]?.rule).toBe("idempotencyKeyReused");
  });

  it("keeps keys apart per user", async () => {
    const taskId = uniqueTask();
    const key = uniqueKey();
    const mine = await submitRecord({ actor: rater, draft: draftFor(taskId), idempotencyKey: key });
    const theirs = await submitRecord({ actor: otherRater, draft: draftFor(taskId), idempotencyKey: key });
    expect(theirs.evalId).not.toBe(mine.evalId);
    expect(theirs.replayed).toBeUndefined();
    expect((await storedIds(taskId)).sort()).toEqual([mine.evalId, theirs.evalId].sort());
  });

  it("does not use up a key on a refused record", async () => {
    const taskId = uniqueTask();
    const key = uniqueKey();
    const invalid = { ...draftFor(taskId), universal: { helpfulness: { score: 2 } } };
    expect((await rejection(submitRecord({ actor: rater, draft: invalid, idempotencyKey: key }))).code).toBe(
      "INVALID_RECORD",
    );
    // The corrected body is a different request, but the key stored nothing, so it is free.
    const stored = await submitRecord({ actor: rater, draft: draftFor(taskId), idempotencyKey: key });
    expect(stored.replayed).toBeUndefined();
    expect(await storedIds(taskId)).toEqual([stored.evalId]);
  });
});

describe("parseIdempotencyKey", () => {
  it("reads a bare or quoted key and nothing when the header is absent", () => {
    expect(parseIdempotencyKey(null)).toBeUndefined();
    expect(parseIdempotencyKey("8e03978e-40d5-43e8-bc93-6894a57f9324")).toBe("8e03978e-40d5-43e8-bc93-6894a57f9324");
    expect(parseIdempotencyKey('"8e03978e-40d5"')).toBe("8e03978e-40d5");
    expect(parseIdempotencyKey("k".repeat(255))).toHaveLength(255);
  });

  it.each([
    ["empty", ""],
    ["empty quoted", '""'],
    ["256 characters", "k".repeat(256)],
    ["not printable ASCII", "clé"],
  ])("refuses a key that is %s", (_label, value) => {
    let caught: unknown;
    try {
      parseIdempotencyKey(value);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({
      code: "INVALID_INPUT",
      issues: [{ path: "/headers/Idempotency-Key", rule: "idempotencyKeyFormat" }],
    });
  });
});
