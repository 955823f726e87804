// Share links against a real PostgreSQL: end-user ratings, revocation and the visitor limit.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { validateAgainstContract } from "@/lib/aif/validate";
import { db } from "@/lib/db";
import { clientAddress, PEER_ADDRESS_HEADER } from "@/lib/http/client-address";
import { getAssignment, saveDraft, submitAssignment } from "@/lib/queues/assignments";
import { nextItem } from "@/lib/queues/next-item";
import { selectRaterSuiteToClaim } from "@/lib/queues/queries";
import { userRater } from "@/lib/queues/queue-rater";
import { skipAssignment } from "@/lib/queues/skip";
import { sqlTransaction } from "@/lib/sql-transaction";
import { createSuite } from "@/lib/suites/service";
import { importTestItems } from "@/lib/testing/test-items";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import {
  assertVisitorWithinLimit,
  createShareLink,
  openShareLink,
  revokeShareLink,
  shareRater,
  VISITOR_COOKIE,
  VISITOR_ITEMS_PER_HOUR,
} from "./service";
import { signedVisitorId, visitorIdFrom } from "./visitor-cookie";

let admin: TestUser;
let suiteId: string;
let token: string;
let linkId: string;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
  const { importId } = await importTestItems(admin, VISITOR_ITEMS_PER_HOUR + 1);
  suiteId = (
    await createSuite({
      actor: admin,
      input: {
        name: "Share",
        key: `share-${importId.slice(0, 8)}`,
        overlap_k: 2,
        gold_share: 0,
        hold_minutes: 30,
        rater_ids: [],
        import_ids: [importId],
      },
    })
  ).id;
  ({ id: linkId, token } = await createShareLink({ actor: admin, suiteId, input: { label: "test" } }));
});
afterAll(() => db().$disconnect());

async function selectVisitorSlots(link: Awaited<ReturnType<typeof openShareLink>>, suite: string) {
  const row = await sqlTransaction((tx) => selectRaterSuiteToClaim(tx, shareRater(link, randomUUID()), suite));
  return row?.visitor_slots;
}

const ratingDraft = () => {
  const { task: _task, subject: _subject, ...rest } = withoutRater(chatDraft());
  return rest;
};

describe("share links", () => {
  it("stores a visitor's rating as end_user with the visitor's id, and refuses another rater block", async () => {
    const visitorId = randomUUID();
    const rater = shareRater(await openShareLink(token), visitorId);
    const { assignmentId } = (await nextItem({ rater, suiteId })) as { assignmentId: string };
    const forged = await rejection(
      submitAssignment({ rater, assignmentId, draft: { ...ratingDraft(), rater: { type: "human", id: "someone" } } }),
    );
    expect(forged.issues[0]).toMatchObject({ path: "/rater", rule: "raterFromSession" });
    const stored = await submitAssignment({ rater, assignmentId, draft: ratingDraft() });
    expect(stored.record?.rater).toEqual({ type: "end_user", id: visitorId });
    expect(await db().evalRecord.findUniqueOrThrow({ where: { evalId: stored.evalId } })).toMatchObject({
      raterType: "end_user",
      submittedById: null,
    });
  });

  it("takes a visitor's scores alone (light profile: no rationale, no confidence) and stores a record valid against the AIF schema", async () => {
    const visitorId = randomUUID();
    const rater = shareRater(await openShareLink(token), visitorId);
    const { assignmentId } = (await nextItem({ rater, suiteId })) as { assignmentId: string };
    const { universal, ...rest } = ratingDraft();
    const dimensions = Object.keys(universal as Record<string, unknown>).filter((name) => name !== "vs_reference");
    const scoresOnly = Object.fromEntries(dimensions.map((name) => [name, { score: 2 }]));
    const stored = await submitAssignment({ rater, assignmentId, draft: { ...rest, universal: scoresOnly } });
    const row = await db().evalRecord.findUniqueOrThrow({ where: { evalId: stored.evalId } });
    expect((row.body as { universal: unknown }).universal).toEqual(scoresOnly);
    expect(validateAgainstContract(row.body)).toEqual([]);
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
    expect(
      (await rejection(createShareLink({ actor: admin, suiteId, input: { label: " " } }))).issues[0],
    ).toMatchObject({ path: "/label" });
  });

  it("takes visitor ids only as the server signed them: an unsigned or forged id is ignored", () => {
    const visitorId = randomUUID();
    const cookie = (value: string) =>
      new Headers({ cookie: `other=1; ${VISITOR_COOKIE}=${encodeURIComponent(value)}` });
    expect(visitorIdFrom(cookie(signedVisitorId(visitorId)))).toBe(visitorId);
    expect(visitorIdFrom(cookie(visitorId))).toBeNull();
    expect(visitorIdFrom(cookie(`${randomUUID()}.${signedVisitorId(visitorId).split(".")[1]}`))).toBeNull();
    expect(visitorIdFrom(cookie(`${visitorId}.AAAA`))).toBeNull();
    expect(visitorIdFrom(cookie("%E0%A4%A"))).toBeNull();
  });

  it("caps what one link takes: made-up visitors fill at most half of each item's slots (rounded up) and the link's items per hour", async () => {
    const { importId } = await importTestItems(admin, 5);
    const capped = (
      await createSuite({
        actor: admin,
        input: {
          name: "Capped",
          key: `capped-${importId.slice(0, 8)}`,
          overlap_k: 2,
          gold_share: 0,
          hold_minutes: 30,
          rater_ids: [],
          import_ids: [importId],
        },
      })
    ).id;
    const { token: cappedToken } = await createShareLink({
      actor: admin,
      suiteId: capped,
      input: { label: "one holder" },
    });
    const link = await openShareLink(cappedToken);
    let taken = 0;
    for (let visitor = 0; visitor < 23; visitor += 1) {
      const next = await nextItem({ rater: shareRater(link, randomUUID()), suiteId: capped });
      if (next.assignmentId) taken += 1;
    }
    expect(taken).toBe(5);
    const perItem = await db().assignment.groupBy({ by: ["itemId"], where: { suiteId: capped }, _count: true });
    expect(perItem.map((row) => row._count)).toEqual([1, 1, 1, 1, 1]);

    // A second link with default caps finds no room: the links together fill at most half of k (finding 7 of issue 33).
    const { token: secondToken } = await createShareLink({ actor: admin, suiteId: capped, input: { label: "second" } });
    const second = await openShareLink(secondToken);
    for (let visitor = 0; visitor < 5; visitor += 1)
      expect(await nextItem({ rater: shareRater(second, randomUUID()), suiteId: capped })).toEqual({
        assignmentId: null,
        reason: "busy",
      });
  });

  it("leaves the suite's raters their slots: two links with default caps take at most half of k of each item together", async () => {
    const { importId } = await importTestItems(admin, 3);
    const rater = await createTestUser(["rater"]);
    const twoLinks = (
      await createSuite({
        actor: admin,
        input: {
          name: "Two links",
          key: `two-links-${importId.slice(0, 8)}`,
          overlap_k: 2,
          gold_share: 0,
          hold_minutes: 30,
          rater_ids: [rater.userId],
          import_ids: [importId],
        },
      })
    ).id;
    const links = await Promise.all(
      ["a", "b"].map(async (label) =>
        openShareLink((await createShareLink({ actor: admin, suiteId: twoLinks, input: { label } })).token),
      ),
    );
    let taken = 0;
    for (let visitor = 0; visitor < 12; visitor += 1) {
      const next = await nextItem({ rater: shareRater(links[visitor % 2]!, randomUUID()), suiteId: twoLinks });
      if (next.assignmentId) taken += 1;
    }
    expect(taken).toBe(3);
    // The rater still gets every item (on the old code: "busy" on the first).
    for (let item = 0; item < 3; item += 1)
      expect((await nextItem({ rater: userRater(rater), suiteId: twoLinks })).assignmentId).not.toBeNull();
    // A link given more slots explicitly raises the links' share to its own.
    const { token: wideToken } = await createShareLink({
      actor: admin,
      suiteId: twoLinks,
      input: { label: "wide", max_slots_per_item: 2 },
    });
    const wide = await openShareLink(wideToken);
    expect(await selectVisitorSlots(wide, twoLinks)).toBe(2);
  });

  it("holds a link's items per hour under concurrency: 30 new visitors at once against a cap of 5 take at most 5", async () => {
    const { importId } = await importTestItems(admin, 40);
    const hourlySuite = (
      await createSuite({
        actor: admin,
        input: {
          name: "Hourly",
          key: `hourly-${importId.slice(0, 8)}`,
          overlap_k: 2,
          gold_share: 0,
          hold_minutes: 30,
          rater_ids: [],
          import_ids: [importId],
        },
      })
    ).id;
    const { id: hourlyId, token: hourlyToken } = await createShareLink({
      actor: admin,
      suiteId: hourlySuite,
      input: { label: "hourly", max_items_per_hour: 5 },
    });
    const hourly = await openShareLink(hourlyToken);
    const visitors = Array.from({ length: 30 }, () => shareRater(hourly, randomUUID()));
    // As POST /api/share/:token/next does: the visitor's own limit, then the claim.
    const answers = await Promise.allSettled(
      visitors.map(async (rater) => {
        await assertVisitorWithinLimit(rater);
        return nextItem({ rater, suiteId: hourlySuite });
      }),
    );
    const taken = answers.filter((answer) => answer.status === "fulfilled" && answer.value.assignmentId).length;
    const refused = answers.filter(
      (answer) => answer.status === "rejected" && (answer.reason as { code?: string }).code === "TOO_MANY_REQUESTS",
    ).length;
    expect({ taken, refused }).toEqual({ taken: 5, refused: 25 });
    expect(await db().assignment.count({ where: { shareLinkId: hourlyId } })).toBe(5);
    // A visitor who holds an item resumes it at the cap (it is not a new item); a new visitor is refused.
    const holder = visitors[answers.findIndex((answer) => answer.status === "fulfilled")]!;
    expect(await nextItem({ rater: holder, suiteId: hourlySuite })).toMatchObject({ resumed: true });
    expect((await rejection(nextItem({ rater: shareRater(hourly, randomUUID()), suiteId: hourlySuite }))).code).toBe(
      "TOO_MANY_REQUESTS",
    );
  });

  it("skips only through the link the item was taken on: a revoked link's assignment cannot be skipped through another open link", async () => {
    const visitorId = randomUUID();
    const { id: firstId, token: firstToken } = await createShareLink({ actor: admin, suiteId, input: { label: "s1" } });
    const { token: secondToken } = await createShareLink({ actor: admin, suiteId, input: { label: "s2" } });
    const viaFirst = shareRater(await openShareLink(firstToken), visitorId);
    const viaSecond = shareRater(await openShareLink(secondToken), visitorId);
    const { assignmentId } = (await nextItem({ rater: viaFirst, suiteId })) as { assignmentId: string };
    const skip = { reason: "broken_content" };
    expect((await rejection(skipAssignment({ rater: viaSecond, assignmentId, input: skip }))).code).toBe("NOT_FOUND");
    await revokeShareLink({ actor: admin, linkId: firstId });
    expect((await rejection(skipAssignment({ rater: viaFirst, assignmentId, input: skip }))).code).toBe("NOT_FOUND");
    expect((await rejection(skipAssignment({ rater: viaSecond, assignmentId, input: skip }))).code).toBe("NOT_FOUND");
    expect((await db().assignment.findUniqueOrThrow({ where: { id: assignmentId } })).status).toBe("held");
  });

  it("ties a visitor's work to its own link: another open link does not reach it, and a revoked link stops its draft and submit", async () => {
    const visitorId = randomUUID();
    const { id: firstId, token: firstToken } = await createShareLink({
      actor: admin,
      suiteId,
      input: { label: "first" },
    });
    const { token: secondToken } = await createShareLink({ actor: admin, suiteId, input: { label: "second" } });
    const viaFirst = shareRater(await openShareLink(firstToken), visitorId);
    const viaSecond = shareRater(await openShareLink(secondToken), visitorId);
    const { assignmentId } = (await nextItem({ rater: viaFirst, suiteId })) as { assignmentId: string };
    expect((await rejection(getAssignment({ rater: viaSecond, assignmentId }))).code).toBe("NOT_FOUND");
    expect(
      (await rejection(saveDraft({ rater: viaSecond, assignmentId, baseVersion: 0, draft: ratingDraft() }))).code,
    ).toBe("NOT_FOUND");
    expect((await rejection(submitAssignment({ rater: viaSecond, assignmentId, draft: ratingDraft() }))).code).toBe(
      "NOT_FOUND",
    );
    // The second link does not resume the first link's held item either.
    expect((await nextItem({ rater: viaSecond, suiteId })).assignmentId).not.toBe(assignmentId);

    await saveDraft({ rater: viaFirst, assignmentId, baseVersion: 0, draft: ratingDraft() });
    await revokeShareLink({ actor: admin, linkId: firstId });
    expect(
      (await rejection(saveDraft({ rater: viaFirst, assignmentId, baseVersion: 1, draft: ratingDraft() }))).code,
    ).toBe("NOT_FOUND");
    expect((await rejection(submitAssignment({ rater: viaFirst, assignmentId, draft: ratingDraft() }))).code).toBe(
      "NOT_FOUND",
    );
    expect((await db().assignment.findUniqueOrThrow({ where: { id: assignmentId } })).status).toBe("held");
  });

  it("counts addresses by the socket, not by a client's X-Forwarded-For, unless trusted proxy hops are configured", () => {
    const headers = new Headers({
      [PEER_ADDRESS_HEADER]: "::ffff:10.0.0.7",
      "x-forwarded-for": "203.0.113.9, 198.51.100.1",
    });
    expect(clientAddress(headers, 0)).toBe("10.0.0.7");
    expect(clientAddress(headers, 1)).toBe("198.51.100.1");
    expect(clientAddress(headers, 2)).toBe("203.0.113.9");
    expect(clientAddress(new Headers({ [PEER_ADDRESS_HEADER]: "10.0.0.7" }), 3)).toBe("10.0.0.7");
  });
});
