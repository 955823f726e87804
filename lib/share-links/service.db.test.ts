// Share links against a real PostgreSQL: end-user ratings, revocation and the visitor limit.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { db } from "@/lib/db";
import { submitAssignment } from "@/lib/queues/assignments";
import { nextItem } from "@/lib/queues/next-item";
import { createSuite } from "@/lib/suites/service";
import { importTestItems } from "@/lib/testing/test-items";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { assertVisitorWithinLimit, createShareLink, openShareLink, revokeShareLink, shareRater, VISITOR_ITEMS_PER_HOUR } from "./service";

let admin: TestUser;
let suiteId: string;
let token: string;
let linkId: string;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
  const { importId } = await importTestItems(admin, VISITOR_ITEMS_PER_HOUR + 1);
  suiteId = (await createSuite({ actor: admin, input: { name: "Share", key: `share-${importId.slice(0, 8)}`, overlap_k: 2, gold_share: 0, hold_minutes: 30, rater_ids: [], import_ids: [importId] } })).id;
  ({ id: linkId, token } = await createShareLink({ actor: admin, suiteId, input: { label: "test" } }));
});
afterAll(() => db().$disconnect());

const ratingDraft = () => {
  const { task: _task, subject: _subject, ...rest } = withoutRater(chatDraft());
  return rest;
};

describe("share links", () => {
  it("stores a visitor's rating as end_user with the visitor's id, and refuses another rater block", async () => {
    const visitorId = randomUUID();
    const rater = shareRater(await openShareLink(token), visitorId);
    const { assignmentId } = (await nextItem({ rater, suiteId })) as { assignmentId: string };
    const forged = await rejection(submitAssignment({ rater, assignmentId, draft: { ...ratingDraft(), rater: { type: "human", id: "someone" } } }));
    expect(forged.issues[0]).toMatchObject({ path: "/rater", rule: "raterFromSession" });
    const stored = await submitAssignment({ rater, assignmentId, draft: ratingDraft() });
    expect(stored.record?.rater).toEqual({ type: "end_user", id: visitorId });
    expect(await db().evalRecord.findUniqueOrThrow({ where: { evalId: stored.evalId } })).toMatchObject({ raterType: "end_user", submittedById: null });
  });

  it("limits how many new items a visitor takes in an hour, per visitor", async () => {
    const link = await openShareLink(token);
    const busy = shareRater(link, randomUUID());
    await db().$executeRaw`
      INSERT INTO assignment (suite_id, item_id, rater_key, share_link_id, held_until)
      SELECT suite_id, item_id, ${busy.raterKey}, ${linkId}::uuid, now() FROM suite_item WHERE suite_id = ${suiteId}::uuid LIMIT ${VISITOR_ITEMS_PER_HOUR}`;
    expect((await rejection(assertVisitorWithinLimit(busy))).code).toBe("TOO_MANY_REQUESTS");
    await expect(assertVisitorWithinLimit(shareRater(link, randomUUID()))).resolves.toBeUndefined();
  });

  it("a revoked link, or a token that is not one, answers 404 alike", async () => {
    const { id, token: revokedToken } = await createShareLink({ actor: admin, suiteId, input: { label: "to revoke" } });
    await revokeShareLink({ actor: admin, linkId: id });
    expect((await rejection(openShareLink(revokedToken))).code).toBe("NOT_FOUND");
    expect((await rejection(openShareLink("efs_not-a-token"))).code).toBe("NOT_FOUND");
    expect((await rejection(createShareLink({ actor: admin, suiteId, input: { label: " " } }))).issues[0]).toMatchObject({ path: "/label" });
  });
});
