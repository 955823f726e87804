// Adding items to a running suite against a real PostgreSQL: k slots and gold
// flags for the new items, placed after the others, work in progress kept,
// nothing added twice, audited; refused for an archived suite, a non-admin
// and a choice that holds no items (nothing changes).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { db } from "@/lib/db";
import { nextItem } from "@/lib/queues/next-item";
import { submitAssignment } from "@/lib/queues/assignments";
import { userRater } from "@/lib/queues/queue-rater";
import { importTestItems } from "@/lib/testing/test-items";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { addItemsToSuite } from "./add-items";
import { changeSuite } from "./change-suite";
import { createSuite, getSuite } from "./service";

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(() => db().$disconnect());

const ratingDraft = () => {
  const { task: _task, subject: _subject, ...rest } = withoutRater(chatDraft());
  return rest;
};

async function runningSuite(rater: TestUser) {
  const { importId } = await importTestItems(admin, 3, { gold: 1 });
  return createSuite({
    actor: admin,
    input: {
      name: "Running",
      key: `running-${importId.slice(0, 8)}`,
      overlap_k: 2,
      gold_share: 0.25,
      hold_minutes: 30,
      rater_ids: [rater.userId],
      import_ids: [importId],
    },
  });
}

const suiteItems = (suiteId: string) => db().suiteItem.findMany({ where: { suiteId }, orderBy: { position: "asc" } });

describe("adding items to a running suite", () => {
  it("gives each new item k slots and its gold flag, after the items already there, keeping work in progress", async () => {
    const rater = await createTestUser(["rater"]);
    const suite = await runningSuite(rater);
    const first = await nextItem({ rater: userRater(rater), suiteId: suite.id });
    await submitAssignment({ rater: userRater(rater), assignmentId: first.assignmentId!, draft: ratingDraft() });
    const held = await nextItem({ rater: userRater(rater), suiteId: suite.id });
    const before = await suiteItems(suite.id);

    const more = await importTestItems(admin, 4, { gold: 2 });
    expect(await addItemsToSuite({ actor: admin, suiteId: suite.id, input: { import_ids: [more.importId] } })).toEqual({
      added: 4,
      alreadyInSuite: 0,
      goldAdded: 2,
      items: 7,
    });
    const after = await suiteItems(suite.id);
    // The items there before keep their place and their slots; the new ones follow, each with k slots.
    expect(after.slice(0, 3)).toEqual(before);
    expect(after.slice(3).map((row) => [row.position, row.slotsLeft])).toEqual([
      [4, 2],
      [5, 2],
      [6, 2],
      [7, 2],
    ]);
    const newItems = await db().item.findMany({
      where: { importId: more.importId },
      select: { id: true, isGold: true },
    });
    const goldOf = new Map(newItems.map((item) => [item.id, item.isGold]));
    for (const row of after.slice(3)) expect(row.isGold).toBe(goldOf.get(row.itemId));
    expect(await getSuite({ actor: admin, suiteId: suite.id })).toMatchObject({
      overlapK: 2,
      goldShare: 0.25,
      items: 7,
      goldItems: 3,
      ratingsSubmitted: 1,
      ratingsNeeded: 14,
    });
    // The rater's hold is untouched, and the new items reach the rater.
    expect((await db().assignment.findUniqueOrThrow({ where: { id: held.assignmentId! } })).status).toBe("held");
    await submitAssignment({ rater: userRater(rater), assignmentId: held.assignmentId!, draft: ratingDraft() });
    const reached = new Set<string>();
    for (let round = 0; round < 6; round += 1) {
      const next = await nextItem({ rater: userRater(rater), suiteId: suite.id });
      if (!next.assignmentId) break;
      reached.add((await db().assignment.findUniqueOrThrow({ where: { id: next.assignmentId } })).itemId);
      await submitAssignment({ rater: userRater(rater), assignmentId: next.assignmentId, draft: ratingDraft() });
    }
    for (const item of newItems) expect(reached.has(item.id)).toBe(true);

    const [event] = await db().auditEvent.findMany({ where: { action: "suite.items_added", subject: suite.id } });
    expect(event).toMatchObject({ actorId: admin.userId });
    expect(event!.details).toEqual({
      items: { before: 3, after: 7 },
      gold_items: { before: 1, after: 3 },
      added: 4,
      already_in_suite: 0,
      from: { import_ids: [more.importId] },
    });
  });

  it("adds items picked by id or by import once; those already in the suite are counted, not added", async () => {
    const rater = await createTestUser(["rater"]);
    const suite = await runningSuite(rater);
    const more = await importTestItems(admin, 2);
    const [one] = await db().item.findMany({ where: { importId: more.importId }, select: { id: true } });
    expect(await addItemsToSuite({ actor: admin, suiteId: suite.id, input: { item_ids: [one!.id] } })).toMatchObject({
      added: 1,
      alreadyInSuite: 0,
      items: 4,
    });
    expect(
      await addItemsToSuite({ actor: admin, suiteId: suite.id, input: { import_ids: [more.importId] } }),
    ).toMatchObject({ added: 1, alreadyInSuite: 1, items: 5 });
    const positions = (await suiteItems(suite.id)).map((row) => row.position);
    expect(positions).toEqual([1, 2, 3, 4, 5]);
  });

  it("refuses an archived suite, a rater, and a choice with no items, changing nothing", async () => {
    const rater = await createTestUser(["rater"]);
    const suite = await runningSuite(rater);
    const more = await importTestItems(admin, 1);
    const input = { import_ids: [more.importId] };
    expect((await rejection(addItemsToSuite({ actor: rater, suiteId: suite.id, input }))).code).toBe("FORBIDDEN");
    const empty = await rejection(addItemsToSuite({ actor: admin, suiteId: suite.id, input: {} }));
    expect(empty.issues[0]).toMatchObject({ path: "/import_ids" });
    const none = await rejection(
      addItemsToSuite({
        actor: admin,
        suiteId: suite.id,
        input: { item_ids: ["00000000-0000-4000-8000-000000000000"] },
      }),
    );
    expect(none.issues[0]).toMatchObject({ path: "/import_ids", rule: "hasItems" });
    const badId = await rejection(addItemsToSuite({ actor: admin, suiteId: suite.id, input: { item_ids: ["x"] } }));
    expect(badId.issues[0]!.path).toBe("/item_ids/0");
    await changeSuite({ actor: admin, suiteId: suite.id, input: { archived: true } });
    expect((await rejection(addItemsToSuite({ actor: admin, suiteId: suite.id, input }))).code).toBe("CONFLICT");
    expect(await suiteItems(suite.id)).toHaveLength(3);
    expect(await db().auditEvent.count({ where: { action: "suite.items_added", subject: suite.id } })).toBe(0);
  });
});
