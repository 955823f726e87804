// An SME who adjudicated an item, or holds its adjudication, has seen every
// rating side by side: their own rating of it would not be independent
// (issue 33, finding 5). Against a real PostgreSQL.
import { afterAll, beforeAll, expect, it } from "vitest";
import { nextAdjudication, submitAdjudication } from "@/lib/adjudication/service";
import { db } from "@/lib/db";
import { validJudgmentFor } from "@/lib/judge/sample-judgments";
import { createSuite } from "@/lib/suites/service";
import { importTestItems } from "@/lib/testing/test-items";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { submitAssignment } from "./assignments";
import { nextItem } from "./next-item";
import { userRater } from "./queue-rater";
import { skipAssignment } from "./skip";

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(() => db().$disconnect());

const rating = (helpfulness: number) => {
  const valid = validJudgmentFor("chat");
  return {
    universal: { ...valid.universal, helpfulness: { score: helpfulness, confidence: "high", rationale: "why" } },
    safety: valid.safety,
  };
};

const itemOf = async (assignmentId: string) =>
  (await db().assignment.findUniqueOrThrow({ where: { id: assignmentId }, select: { itemId: true } })).itemId;

it("keeps items the SME adjudicated or holds the adjudication of out of their rating queue, and refuses the submit (409)", async () => {
  const [alice, bob] = [await createTestUser(["rater"]), await createTestUser(["rater"])];
  const sme = await createTestUser(["sme"]);
  const { importId } = await importTestItems(admin, 2);
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Adjudicator rating",
      key: `adjrate-${importId.slice(0, 8)}`,
      overlap_k: 3,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: [alice, bob, sme].map((user) => user.userId),
      import_ids: [importId],
    },
  });
  // Both items: helpfulness 1 against 5, so both need adjudication.
  for (const [rater, score] of [
    [alice, 1],
    [bob, 5],
  ] as const) {
    for (;;) {
      const next = await nextItem({ rater: userRater(rater), suiteId: suite.id });
      if (!next.assignmentId) break;
      await submitAssignment({ rater: userRater(rater), assignmentId: next.assignmentId, draft: rating(score) });
    }
  }

  // The SME takes up the first adjudication; the rating queue then offers only the other item.
  const first = await nextAdjudication({ actor: sme, suiteId: suite.id });
  expect(first).not.toBeNull();
  const held = await nextItem({ rater: userRater(sme), suiteId: suite.id });
  expect(held.assignmentId).not.toBeNull();
  const otherItem = await itemOf(held.assignmentId!);
  expect(otherItem).not.toBe(first!.itemId);
  await submitAdjudication({ actor: sme, id: first!.id, draft: rating(3) });

  // Holding the other item's rating, they take up its adjudication too: the rating can no longer count.
  const second = await nextAdjudication({ actor: sme, suiteId: suite.id });
  expect(second?.itemId).toBe(otherItem);
  const countedBefore = await db().suiteRecord.count({ where: { suiteId: suite.id } });
  const refused = await rejection(
    submitAssignment({ rater: userRater(sme), assignmentId: held.assignmentId!, draft: rating(4) }),
  );
  expect(refused).toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/adjudicat/) });
  expect(await db().suiteRecord.count({ where: { suiteId: suite.id } })).toBe(countedBefore);

  // Once they skip it, nothing is left for them to rate: the item they adjudicated never comes back as a rating.
  await skipAssignment({
    rater: userRater(sme),
    assignmentId: held.assignmentId!,
    input: { reason: "outside_expertise" },
  });
  expect(await nextItem({ rater: userRater(sme), suiteId: suite.id })).toEqual({
    assignmentId: null,
    reason: "finished",
  });
});
