// An item every suite rater skipped as broken (issue 35 §4): never handed to a
// visitor on a share link, and flagged in the suite's skip summary.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createShareLink, openShareLink, shareRater } from "@/lib/share-links/service";
import { createSuite } from "@/lib/suites/service";
import { importTestItems } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { nextItem } from "./next-item";
import { userRater } from "./queue-rater";
import { getSkipSummary, skipAssignment } from "./skip";

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(() => db().$disconnect());

const itemOf = async (assignmentId: string) =>
  (await db().assignment.findUniqueOrThrow({ where: { id: assignmentId }, select: { itemId: true } })).itemId;

async function suiteOfOneItem(raters: TestUser[]) {
  const { importId } = await importTestItems(admin, 1);
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Broken items",
      key: `broken-${importId.slice(0, 8)}`,
      overlap_k: 3,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: raters.map((rater) => rater.userId),
      import_ids: [importId],
    },
  });
  const { token } = await createShareLink({ actor: admin, suiteId: suite.id, input: { label: "visitors" } });
  return { suite, visitor: async () => shareRater(await openShareLink(token), randomUUID()) };
}

async function skipAs(rater: TestUser, suiteId: string, reason: string) {
  const held = await nextItem({ rater: userRater(rater), suiteId });
  await skipAssignment({
    rater: userRater(rater),
    assignmentId: held.assignmentId!,
    input: reason === "other" ? { reason, comment: "Not today" } : { reason },
  });
  return itemOf(held.assignmentId!);
}

describe("items skipped as broken by every rater", () => {
  it("are not handed to a share-link visitor and are flagged in the skip summary", async () => {
    const raters = [await createTestUser(["rater"]), await createTestUser(["rater"])];
    const { suite, visitor } = await suiteOfOneItem(raters);
    const itemId = await skipAs(raters[0]!, suite.id, "broken_content");
    // One rater of two: the item still reaches visitors.
    const early = await nextItem({ rater: await visitor(), suiteId: suite.id });
    expect(early.assignmentId).not.toBeNull();
    expect(await itemOf(early.assignmentId!)).toBe(itemId);

    await skipAs(raters[1]!, suite.id, "broken_content");
    expect(await nextItem({ rater: await visitor(), suiteId: suite.id })).toEqual({
      assignmentId: null,
      reason: "finished",
    });
    const summary = await getSkipSummary({ actor: admin, suiteId: suite.id });
    expect(summary.items).toEqual([expect.objectContaining({ itemId, brokenForEveryRater: true })]);
  });

  it("other reasons, or a rater who did not skip it, leave the item to visitors and unflagged", async () => {
    const raters = [await createTestUser(["rater"]), await createTestUser(["rater"])];
    const { suite, visitor } = await suiteOfOneItem(raters);
    const itemId = await skipAs(raters[0]!, suite.id, "broken_content");
    await skipAs(raters[1]!, suite.id, "other");
    const handed = await nextItem({ rater: await visitor(), suiteId: suite.id });
    expect(await itemOf(handed.assignmentId!)).toBe(itemId);
    const summary = await getSkipSummary({ actor: admin, suiteId: suite.id });
    expect(summary.items).toEqual([
      expect.objectContaining({ itemId, everyRaterSkipped: true, brokenForEveryRater: false }),
    ]);
  });
});
