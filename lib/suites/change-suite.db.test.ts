// Changing a running suite against a real PostgreSQL: k never below what is
// stored, a removed rater's holds released (records kept), pause and archive
// in the queue, an item removed only while unrated, every change audited.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { db } from "@/lib/db";
import { submitAssignment } from "@/lib/queues/assignments";
import { reviewQueues } from "@/lib/review/review-tasks";
import { nextItem } from "@/lib/queues/next-item";
import { userRater } from "@/lib/queues/queue-rater";
import { importTestItems } from "@/lib/testing/test-items";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { changeSuite } from "./change-suite";
import { listSuiteItemProgress, releaseSuiteHold, removeSuiteItem } from "./item-progress";
import { createSuite, listSuites, suitesForRater } from "./service";

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(() => db().$disconnect());

const ratingDraft = () => {
  const { task: _task, subject: _subject, ...rest } = withoutRater(chatDraft());
  return rest;
};

async function suiteWith(options: { items: number; k: number; raters: TestUser[]; gold?: number }) {
  const { importId } = await importTestItems(admin, options.items, { gold: options.gold });
  return createSuite({
    actor: admin,
    input: {
      name: "Running suite",
      key: `run-${importId.slice(0, 8)}`,
      overlap_k: options.k,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: options.raters.map((rater) => rater.userId),
      import_ids: [importId],
    },
  });
}

async function rateOne(rater: TestUser, suiteId: string): Promise<string> {
  const claim = await nextItem({ rater: userRater(rater), suiteId });
  if (!claim.assignmentId) throw new Error("nothing to rate");
  await submitAssignment({ rater: userRater(rater), assignmentId: claim.assignmentId, draft: ratingDraft() });
  return claim.assignmentId;
}

const auditOf = (suiteId: string) =>
  db().auditEvent.findMany({
    where: { subject: suiteId },
    orderBy: { id: "asc" },
    select: { action: true, details: true },
  });

describe("changing a running suite", () => {
  it("moves k up and down but never below the ratings an item already has, naming how many items block it", async () => {
    const [first, second, third] = await Promise.all([1, 2, 3].map(() => createTestUser(["rater"])));
    const suite = await suiteWith({ items: 3, k: 3, raters: [first!, second!, third!] });
    // Two raters rate the same first item (k = 3 lets both take it).
    await rateOne(first!, suite.id);
    await rateOne(second!, suite.id);
    const refused = await rejection(changeSuite({ actor: admin, suiteId: suite.id, input: { overlap_k: 1 } }));
    expect(refused).toMatchObject({
      code: "INVALID_INPUT",
      issues: [
        {
          path: "/overlap_k",
          rule: "notBelowStored",
          message: "k cannot go below 2: 1 item has more than 1 rating stored already",
        },
      ],
    });
    expect((await db().suite.findUniqueOrThrow({ where: { id: suite.id } })).overlapK).toBe(3);
    // Down to what is stored: the rated item is complete, the others need two.
    await changeSuite({ actor: admin, suiteId: suite.id, input: { overlap_k: 2 } });
    const slots = await db().suiteItem.findMany({ where: { suiteId: suite.id }, orderBy: { position: "asc" } });
    expect(slots.map((slot) => slot.slotsLeft).sort()).toEqual([0, 2, 2]);
    const page = await listSuiteItemProgress({ actor: admin, suiteId: suite.id, query: {} });
    expect(page.items.map((item) => `${item.ratings}/${item.overlapK}`).sort()).toEqual(["0/2", "0/2", "2/2"]);
    // Up again: the rated item has a slot for a third rater.
    await changeSuite({ actor: admin, suiteId: suite.id, input: { overlap_k: 4 } });
    expect((await db().suiteItem.findMany({ where: { suiteId: suite.id } })).map((s) => s.slotsLeft).sort()).toEqual([
      2, 4, 4,
    ]);
    const audit = await auditOf(suite.id);
    expect(audit.filter((event) => event.action === "suite.updated").map((event) => event.details)).toEqual([
      { overlapK: { before: 3, after: 2 } },
      { overlapK: { before: 2, after: 4 } },
    ]);
  });

  it("adds a rater who gets items at once, and removes one: their holds released, their records kept", async () => {
    const [kept, leaving, joining] = await Promise.all([1, 2, 3].map(() => createTestUser(["rater"])));
    const suite = await suiteWith({ items: 3, k: 1, raters: [kept!, leaving!] });
    expect(await suitesForRater({ actor: joining! })).toEqual([]);
    await rateOne(leaving!, suite.id);
    const held = await nextItem({ rater: userRater(leaving!), suiteId: suite.id });
    expect(held.assignmentId).not.toBeNull();
    const before = await listSuiteItemProgress({ actor: admin, suiteId: suite.id, query: { holds: "yes" } });
    expect(before.items).toHaveLength(1);
    expect(before.items[0]!.holds[0]).toMatchObject({ assignmentId: held.assignmentId, holderName: leaving!.name });

    await changeSuite({
      actor: admin,
      suiteId: suite.id,
      input: { rater_ids: [kept!.userId, joining!.userId], hold_minutes: 10, gold_share: 0.5 },
    });
    expect((await suitesForRater({ actor: joining! })).map((entry) => entry.id)).toEqual([suite.id]);
    // The joining rater and the kept one take the two items left, including the one the leaver held.
    expect((await nextItem({ rater: userRater(joining!), suiteId: suite.id })).assignmentId).not.toBeNull();
    expect((await nextItem({ rater: userRater(kept!), suiteId: suite.id })).assignmentId).not.toBeNull();
    expect((await listSuiteItemProgress({ actor: admin, suiteId: suite.id, query: { holds: "yes" } })).total).toBe(2);
    // The leaver's record stays; their queue no longer has the suite, and their old hold cannot be submitted.
    expect(await db().evalRecord.count({ where: { suiteId: suite.key, raterId: leaving!.userId } })).toBe(1);
    expect(await suitesForRater({ actor: leaving! })).toEqual([]);
    expect(
      await rejection(
        submitAssignment({ rater: userRater(leaving!), assignmentId: held.assignmentId!, draft: ratingDraft() }),
      ),
    ).toMatchObject({ code: "NOT_FOUND" });
    const updated = (await auditOf(suite.id)).find((event) => event.action === "suite.updated");
    expect(updated?.details).toMatchObject({
      raterIds: {
        before: [kept!.userId, leaving!.userId].sort(),
        after: [kept!.userId, joining!.userId].sort(),
      },
      holdMinutes: { before: 30, after: 10 },
      goldShare: { before: 0, after: 0.5 },
      raters_added: [joining!.userId],
      raters_removed: [leaving!.userId],
      holds_released: 1,
    });
    // Only active raters and SMEs can join; nothing changes otherwise.
    const stranger = await createTestUser(["admin"]);
    expect(
      await rejection(changeSuite({ actor: admin, suiteId: suite.id, input: { rater_ids: [stranger.userId] } })),
    ).toMatchObject({ code: "INVALID_INPUT", issues: [{ path: "/rater_ids", rule: "raterExists" }] });
    expect(await rejection(changeSuite({ actor: kept!, suiteId: suite.id, input: { paused: true } }))).toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("pauses (no items handed out, raters told) and resumes; archives (out of queues and listings, data kept) and unarchives", async () => {
    const rater = await createTestUser(["rater"]);
    const sme = await createTestUser(["sme"]);
    const suite = await suiteWith({ items: 2, k: 1, raters: [rater, sme] });
    await changeSuite({ actor: admin, suiteId: suite.id, input: { paused: true } });
    expect(await suitesForRater({ actor: rater })).toEqual([expect.objectContaining({ id: suite.id, paused: true })]);
    expect(await rejection(nextItem({ rater: userRater(rater), suiteId: suite.id }))).toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("paused"),
    });
    await changeSuite({ actor: admin, suiteId: suite.id, input: { paused: false } });
    await rateOne(rater, suite.id);

    await changeSuite({ actor: admin, suiteId: suite.id, input: { archived: true } });
    expect(await suitesForRater({ actor: rater })).toEqual([]);
    expect(await rejection(nextItem({ rater: userRater(rater), suiteId: suite.id }))).toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await reviewQueues({ actor: sme })).toEqual([]);
    expect((await listSuites({ actor: admin })).some((entry) => entry.id === suite.id)).toBe(false);
    expect(
      (await listSuites({ actor: admin, includeArchived: true })).find((entry) => entry.id === suite.id),
    ).toMatchObject({
      archived: true,
      ratingsSubmitted: 1,
    });
    expect(await db().evalRecord.count({ where: { suiteId: suite.key } })).toBe(1);
    await changeSuite({ actor: admin, suiteId: suite.id, input: { archived: false } });
    expect((await suitesForRater({ actor: rater })).map((entry) => entry.id)).toEqual([suite.id]);
    expect((await reviewQueues({ actor: sme })).map((entry) => entry.suiteId)).toEqual([suite.id]);
    expect((await auditOf(suite.id)).map((event) => [event.action, event.details])).toEqual([
      ["suite.created", expect.anything()],
      ["suite.paused", { before: { paused: false }, after: { paused: true } }],
      ["suite.resumed", { before: { paused: true }, after: { paused: false } }],
      ["suite.archived", { before: { archived: false }, after: { archived: true } }],
      ["suite.unarchived", { before: { archived: true }, after: { archived: false } }],
    ]);
  });

  it("releases one hold, and removes an item only while nothing is stored for it", async () => {
    const [first, second] = await Promise.all([1, 2].map(() => createTestUser(["rater"])));
    const suite = await suiteWith({ items: 3, k: 1, raters: [first!, second!], gold: 1 });
    const ratedAssignment = await rateOne(first!, suite.id);
    const held = await nextItem({ rater: userRater(second!), suiteId: suite.id });
    const rated = await db().assignment.findUniqueOrThrow({ where: { id: ratedAssignment } });
    const holding = await db().assignment.findUniqueOrThrow({ where: { id: held.assignmentId! } });

    await releaseSuiteHold({ actor: admin, suiteId: suite.id, assignmentId: holding.id });
    expect((await listSuiteItemProgress({ actor: admin, suiteId: suite.id, query: { holds: "yes" } })).total).toBe(0);
    expect(
      await rejection(releaseSuiteHold({ actor: admin, suiteId: suite.id, assignmentId: holding.id })),
    ).toMatchObject({ code: "NOT_FOUND" });

    const refused = await rejection(removeSuiteItem({ actor: admin, suiteId: suite.id, itemId: rated.itemId }));
    expect(refused).toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/cannot be removed: it has 1 record/),
    });
    expect(await db().suiteItem.count({ where: { suiteId: suite.id } })).toBe(3);
    // The item whose hold was released has no rating: it goes, with its assignment.
    await removeSuiteItem({ actor: admin, suiteId: suite.id, itemId: holding.itemId });
    expect(await db().suiteItem.count({ where: { suiteId: suite.id } })).toBe(2);
    expect(await db().assignment.count({ where: { id: holding.id } })).toBe(0);

    // Filters: gold, and a page past the end still knows the total.
    const gold = await listSuiteItemProgress({ actor: admin, suiteId: suite.id, query: { gold: "yes" } });
    expect(gold.items.every((item) => item.isGold)).toBe(true);
    const tooFew = await listSuiteItemProgress({
      actor: admin,
      suiteId: suite.id,
      query: { status: "too_few_ratings" },
    });
    expect(tooFew.total).toBe(2);
    expect(tooFew.items.map((item) => item.ratings).sort()).toEqual([0, 1]);
    expect(
      (await listSuiteItemProgress({ actor: admin, suiteId: suite.id, query: { status: "unanimous" } })).total,
    ).toBe(0);
    const beyond = await listSuiteItemProgress({ actor: admin, suiteId: suite.id, query: { page: 9, per_page: 25 } });
    expect([beyond.items.length, beyond.total]).toEqual([0, 2]);
    expect(
      await rejection(listSuiteItemProgress({ actor: admin, suiteId: suite.id, query: { per_page: 7 } })),
    ).toMatchObject({ code: "INVALID_INPUT", issues: [{ path: "/per_page" }] });
    expect((await auditOf(suite.id)).map((event) => event.action)).toEqual([
      "suite.created",
      "suite.hold_released",
      "suite.item_removed",
    ]);
  });
});
