// The work-item engine's statements against a real PostgreSQL, on the
// assignment kind (review tasks run the same statements; lib/review's tests
// cover their kind): holds, versioned drafts, the submit skeleton.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { ASSIGNMENT, assignmentAccess } from "@/lib/queues/assignment-kind";
import { nextItem } from "@/lib/queues/next-item";
import { userRater } from "@/lib/queues/queue-rater";
import { submitRecord } from "@/lib/records/submit-record";
import { createSuite } from "@/lib/suites/service";
import { rejection } from "@/lib/testing/rejection";
import { importTestItems } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { draftNotSaved, holdWorkItem, lockWorkItem, saveWorkItemDraft, submitWorkItem } from "./engine";

let admin: TestUser;
let rater: TestUser;
let other: TestUser;
let suiteId: string;
let suiteKey: string;

beforeAll(async () => {
  admin = await createTestUser(["admin"]);
  rater = await createTestUser(["rater"]);
  other = await createTestUser(["rater"]);
  const { importId } = await importTestItems(admin, 4);
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Engine suite",
      key: `engine-${importId.slice(0, 8)}`,
      overlap_k: 2,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: [rater.userId, other.userId],
      import_ids: [importId],
    },
  });
  suiteId = suite.id;
  suiteKey = suite.key;
});
afterAll(() => db().$disconnect());

async function claim(user: TestUser): Promise<string> {
  const next = await nextItem({ rater: userRater(user), suiteId });
  if (!next.assignmentId) throw new Error("no item to claim");
  return next.assignmentId;
}

const rowOf = (id: string) => db().assignment.findUniqueOrThrow({ where: { id } });

describe("work-item engine", () => {
  it("holds an item for the given time from now", async () => {
    const id = await claim(rater);
    await holdWorkItem(db(), ASSIGNMENT, { id, holdSeconds: 5 });
    const heldFor = (await rowOf(id)).heldUntil.getTime() - Date.now();
    expect(heldFor).toBeGreaterThan(0);
    expect(heldFor).toBeLessThanOrEqual(5_000);
  });

  it("saves a draft at its base version only, for the holder only, and extends the hold", async () => {
    const id = await claim(other);
    await holdWorkItem(db(), ASSIGNMENT, { id, holdSeconds: 1 });
    const access = assignmentAccess(userRater(other));
    const saved = await saveWorkItemDraft(db(), ASSIGNMENT, {
      id,
      access,
      draft: { freeform: { notes: "a" } },
      baseVersion: 0,
    });
    expect(saved?.version).toBe(1);
    const row = await rowOf(id);
    expect(row.draft).toEqual({ freeform: { notes: "a" } });
    expect(row.heldUntil.getTime() - Date.now()).toBeGreaterThan(60_000);
    // A stale base version, or somebody else, saves nothing.
    expect(
      await saveWorkItemDraft(db(), ASSIGNMENT, { id, access, draft: { freeform: { notes: "b" } }, baseVersion: 0 }),
    ).toBeNull();
    expect(
      await saveWorkItemDraft(db(), ASSIGNMENT, {
        id,
        access: assignmentAccess(userRater(rater)),
        draft: {},
        baseVersion: 1,
      }),
    ).toBeNull();
    expect((await rowOf(id)).draftVersion).toBe(1);
    const stale = draftNotSaved(ASSIGNMENT, await rowOf(id), 0);
    expect(stale.code).toBe("CONFLICT");
    expect(stale.details).toEqual({ current: { version: 1, draft: { freeform: { notes: "a" } } } });
    expect(draftNotSaved(ASSIGNMENT, { status: "submitted", draftVersion: 1, draft: null }, 1).message).toMatch(
      /already submitted/,
    );
  });

  it("submits once: stores, closes with the result, replays a repeat, refuses a closed item and a stranger", async () => {
    const id = await claim(rater);
    const access = assignmentAccess(userRater(rater));
    let stores = 0;
    const submit = () =>
      submitWorkItem(ASSIGNMENT, {
        id,
        access,
        store: async (tx) => {
          stores += 1;
          const { task: _task, subject: _subject, ...rest } = withoutRater(chatDraft());
          const item = await tx.assignment.findUniqueOrThrow({
            where: { id },
            include: { suiteItem: { include: { item: true } } },
          });
          const body = item.suiteItem.item.body as { task: Record<string, unknown>; subject: unknown };
          const stored = await submitRecord({
            actor: rater,
            draft: { ...rest, task: { ...body.task, suite_id: suiteKey }, subject: body.subject },
            client: tx,
          });
          return { resultId: stored.evalId, marker: "stored" };
        },
      });
    const first = await submit();
    expect(first).toMatchObject({ alreadySubmitted: false, marker: "stored" });
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: "submitted", evalId: first.resultId, draft: null });
    expect(row.submittedAt).toBeInstanceOf(Date);
    expect(await submit()).toEqual({ alreadySubmitted: true, resultId: first.resultId });
    expect(stores).toBe(1);
    expect(
      await saveWorkItemDraft(db(), ASSIGNMENT, { id, access, draft: {}, baseVersion: row.draftVersion }),
    ).toBeNull();

    let asked = false;
    const stranger = await rejection(
      submitWorkItem(ASSIGNMENT, {
        id,
        access: assignmentAccess(userRater(other)),
        whenNotFound: async () => {
          asked = true;
        },
        store: async () => {
          throw new Error("must not store");
        },
      }),
    );
    expect(stranger.code).toBe("NOT_FOUND");
    expect(asked).toBe(true);

    const skippedId = await claim(other);
    await db().$executeRaw(
      Prisma.sql`UPDATE assignment SET status = 'skipped', skip_reason = 'broken_content', skipped_at = now() WHERE id = ${skippedId}::uuid`,
    );
    const refused = await rejection(
      submitWorkItem(ASSIGNMENT, {
        id: skippedId,
        access: assignmentAccess(userRater(other)),
        store: async () => {
          throw new Error("must not store");
        },
      }),
    );
    expect(refused.message).toBe("You skipped this item; it cannot be submitted");
  });

  it("locks only the caller's row and reads its status", async () => {
    const id = await claim(other);
    const locked = await db().$transaction((tx) =>
      lockWorkItem(tx, ASSIGNMENT, { id, access: assignmentAccess(userRater(other)) }),
    );
    expect(locked).toEqual({ status: "held", resultId: null });
    expect(
      await db().$transaction((tx) => lockWorkItem(tx, ASSIGNMENT, { id, access: assignmentAccess(userRater(rater)) })),
    ).toBeUndefined();
  });
});
