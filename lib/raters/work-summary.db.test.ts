// Each person's work (issue 38 §2) against a real PostgreSQL: counts, the
// median active time per item and per 1,000 characters (checked against a
// computation from the items' text), skips by reason, corrections; admins see
// everybody, a rater only themselves.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { db } from "@/lib/db";
import { correctSubmittedAssignment } from "@/lib/queues/correction";
import { nextItem } from "@/lib/queues/next-item";
import { saveDraft, submitAssignment } from "@/lib/queues/assignments";
import { skipAssignment } from "@/lib/queues/skip";
import { userRater } from "@/lib/queues/queue-rater";
import { createSuite } from "@/lib/suites/service";
import { rejection } from "@/lib/testing/rejection";
import { importTestItems } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { myWork, workSummary } from "./work-summary";

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(() => db().$disconnect());

const ratingDraft = () => {
  const { task: _task, subject: _subject, ...rest } = withoutRater(chatDraft());
  return rest;
};

/** Claims the rater's next item and submits it after `activeMs` of (server-accepted) active time. */
async function rateNext(rater: TestUser, suiteId: string, activeMs: number): Promise<string> {
  const { assignmentId } = await nextItem({ rater: userRater(rater), suiteId });
  await db()
    .$executeRaw`UPDATE assignment SET active_counted_at = now() - interval '1 hour' WHERE id = ${assignmentId}::uuid`;
  await saveDraft({ rater: userRater(rater), assignmentId: assignmentId!, baseVersion: 0, draft: {}, activeMs });
  await submitAssignment({ rater: userRater(rater), assignmentId: assignmentId!, draft: ratingDraft() });
  return assignmentId!;
}

/** The characters of an item's text parts, read from its body in JavaScript (an independent reading). */
function textCharacters(body: unknown): number {
  if (Array.isArray(body)) return body.reduce((sum: number, part) => sum + textCharacters(part), 0);
  if (typeof body !== "object" || body === null) return 0;
  return Object.entries(body).reduce(
    (sum, [key, value]) => sum + (key === "text" && typeof value === "string" ? value.length : textCharacters(value)),
    0,
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

describe("each person's work", () => {
  it("counts submissions, active time per item and per 1,000 characters, skips by reason and corrections", async () => {
    const [first, second] = await Promise.all([createTestUser(["rater"]), createTestUser(["rater"])]);
    const { importId } = await importTestItems(admin, 4);
    const suite = await createSuite({
      actor: admin,
      input: {
        name: "Work",
        key: `work-${importId.slice(0, 8)}`,
        overlap_k: 2,
        gold_share: 0,
        hold_minutes: 30,
        rater_ids: [first!.userId, second!.userId],
        import_ids: [importId],
      },
    });
    const rated = [await rateNext(first!, suite.id, 30_000), await rateNext(first!, suite.id, 50_000)];
    await rateNext(first!, suite.id, 70_000);
    const { assignmentId: skipped } = await nextItem({ rater: userRater(first!), suiteId: suite.id });
    await skipAssignment({ rater: userRater(first!), assignmentId: skipped!, input: { reason: "broken_content" } });
    await correctSubmittedAssignment({ rater: userRater(first!), assignmentId: rated[0]!, draft: ratingDraft() });
    await rateNext(second!, suite.id, 20_000);

    const summary = await workSummary({ actor: admin, suiteId: suite.id });
    const row = summary.people.find((person) => person.personId === first!.userId)!;
    const items = await db().assignment.findMany({
      where: { suiteId: suite.id, userId: first!.userId, status: "submitted" },
      select: { activeMs: true, suiteItem: { select: { item: { select: { body: true } } } } },
    });
    const perThousand = items.map((item) => (item.activeMs * 1000) / textCharacters(item.suiteItem.item.body) / 1000);
    expect(row).toMatchObject({
      kind: "rating",
      submitted: 3,
      today: 3,
      lastSevenDays: 3,
      perActiveDay: 3,
      timed: 3,
      medianActiveSeconds: 50,
      skipped: 1,
      skipReasons: { broken_content: 1 },
      corrected: 1,
    });
    expect(row.medianSecondsPer1000Chars).toBeCloseTo(median(perThousand), 1);
    expect(summary.people.find((person) => person.personId === second!.userId)).toMatchObject({ submitted: 1 });

    // A rater reads their own work only; admins' view is refused to them.
    const own = await myWork({ actor: second! });
    expect(own.people.map((person) => person.personId)).toEqual([second!.userId]);
    expect((await rejection(workSummary({ actor: second! }))).code).toBe("FORBIDDEN");
    expect((await rejection(workSummary({ actor: admin, days: 0 }))).code).toBe("INVALID_INPUT");
  });
});
