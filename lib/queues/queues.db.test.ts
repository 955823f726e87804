// The queue engine against a real PostgreSQL: overlap k under concurrent
// "next item" calls, holds that expire, versioned drafts, idempotent submits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { db } from "@/lib/db";
import { createSuite } from "@/lib/suites/service";
import { importTestItems } from "@/lib/testing/test-items";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { submitRecord } from "@/lib/records/submit-record";
import { getAssignment, saveDraft, submitAssignment } from "./assignments";
import { nextItem } from "./next-item";
import { userRater } from "./queue-rater";

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(() => db().$disconnect());

const ratingDraft = () => {
  const { task: _task, subject: _subject, ...rest } = withoutRater(chatDraft());
  return rest;
};

async function suiteWith(options: { items: number; k: number; raters: TestUser[]; gold?: number; goldShare?: number }) {
  const { importId } = await importTestItems(admin, options.items, { gold: options.gold });
  return createSuite({
    actor: admin,
    input: {
      name: "Test suite",
      key: `suite-${importId.slice(0, 8)}`,
      overlap_k: options.k,
      gold_share: options.goldShare ?? 0,
      hold_minutes: 30,
      rater_ids: options.raters.map((rater) => rater.userId),
      import_ids: [importId],
    },
  });
}

async function ratingsPerItem(suiteId: string): Promise<number[]> {
  const rows = await db().$queryRaw<{ n: bigint }[]>`
    SELECT count(a.id) FILTER (WHERE a.status = 'submitted' OR a.held_until > now()) AS n
    FROM suite_item si LEFT JOIN assignment a ON a.suite_id = si.suite_id AND a.item_id = si.item_id
    WHERE si.suite_id = ${suiteId}::uuid GROUP BY si.item_id`;
  return rows.map((row) => Number(row.n));
}

describe("next item", () => {
  it("never exceeds overlap k under concurrent calls, and every item ends with exactly k distinct raters", async () => {
    const raters = await Promise.all(Array.from({ length: 12 }, () => createTestUser(["rater"])));
    const suite = await suiteWith({ items: 6, k: 3, raters });
    // Rounds of everybody asking at once, then submitting what they hold.
    for (let round = 0; round < 10; round += 1) {
      const claims = await Promise.all(raters.map((rater) => nextItem({ rater: userRater(rater), suiteId: suite.id })));
      for (const count of await ratingsPerItem(suite.id)) expect(count).toBeLessThanOrEqual(3);
      const held = claims.flatMap((claim, index) =>
        claim.assignmentId ? [{ rater: raters[index]!, assignmentId: claim.assignmentId }] : [],
      );
      if (held.length === 0) break;
      await Promise.all(
        held.map(({ rater, assignmentId }) =>
          submitAssignment({ rater: userRater(rater), assignmentId, draft: ratingDraft() }),
        ),
      );
    }
    expect(await ratingsPerItem(suite.id)).toEqual([3, 3, 3, 3, 3, 3]);
    const records = await db().$queryRaw<{ task_id: string; raters: bigint; records: bigint }[]>`
      SELECT r.task_id, count(DISTINCT r.rater_id) AS raters, count(*) AS records FROM eval_record r WHERE r.suite_id = ${suite.key} GROUP BY r.task_id`;
    expect(records).toHaveLength(6);
    for (const row of records) expect([Number(row.raters), Number(row.records)]).toEqual([3, 3]);
    for (const rater of raters) {
      expect(await nextItem({ rater: userRater(rater), suiteId: suite.id })).toEqual({
        assignmentId: null,
        reason: "finished",
      });
    }
  });

  it("resumes the rater's held item, and gives an expired hold's slot to another rater", async () => {
    const [first, second] = await Promise.all([createTestUser(["rater"]), createTestUser(["rater"])]);
    const suite = await suiteWith({ items: 1, k: 1, raters: [first!, second!] });
    const claim = await nextItem({ rater: userRater(first!), suiteId: suite.id });
    expect(claim).toMatchObject({ resumed: false, assignmentId: expect.any(String) });
    expect(await nextItem({ rater: userRater(first!), suiteId: suite.id })).toEqual({
      assignmentId: claim.assignmentId,
      resumed: true,
    });
    expect(await nextItem({ rater: userRater(second!), suiteId: suite.id })).toEqual({
      assignmentId: null,
      reason: "busy",
    });

    await db()
      .$executeRaw`UPDATE assignment SET held_until = now() - interval '1 second' WHERE id = ${claim.assignmentId}::uuid`;
    const taken = await nextItem({ rater: userRater(second!), suiteId: suite.id });
    expect(taken.assignmentId).toEqual(expect.any(String));
    // The first rater's expired draft cannot take the slot back.
    const late = await rejection(
      submitAssignment({ rater: userRater(first!), assignmentId: claim.assignmentId!, draft: ratingDraft() }),
    );
    expect(late.code).toBe("CONFLICT");
    await submitAssignment({ rater: userRater(second!), assignmentId: taken.assignmentId!, draft: ratingDraft() });
    expect(await ratingsPerItem(suite.id)).toEqual([1]);
  });

  it("mixes in gold items at the suite's share", async () => {
    const rater = await createTestUser(["rater"]);
    const suite = await suiteWith({ items: 20, k: 1, raters: [rater], gold: 10, goldShare: 0.25 });
    const gold: boolean[] = [];
    for (let index = 0; index < 8; index += 1) {
      const claim = await nextItem({ rater: userRater(rater), suiteId: suite.id });
      const view = await getAssignment({ rater: userRater(rater), assignmentId: claim.assignmentId! });
      gold.push(Boolean(view.item.task.gold_item_id));
      await submitAssignment({ rater: userRater(rater), assignmentId: claim.assignmentId!, draft: ratingDraft() });
    }
    expect(gold.filter(Boolean)).toHaveLength(2);
  });

  it("answers 404 for suites the rater is not on and assignments of others", async () => {
    const [member, outsider] = await Promise.all([createTestUser(["rater"]), createTestUser(["rater"])]);
    const suite = await suiteWith({ items: 1, k: 1, raters: [member!] });
    expect((await rejection(nextItem({ rater: userRater(outsider!), suiteId: suite.id }))).code).toBe("NOT_FOUND");
    const claim = await nextItem({ rater: userRater(member!), suiteId: suite.id });
    expect(
      (await rejection(getAssignment({ rater: userRater(outsider!), assignmentId: claim.assignmentId! }))).code,
    ).toBe("NOT_FOUND");
    expect(
      (
        await rejection(
          saveDraft({ rater: userRater(outsider!), assignmentId: claim.assignmentId!, baseVersion: 0, draft: {} }),
        )
      ).code,
    ).toBe("NOT_FOUND");
    expect(
      (
        await rejection(
          submitAssignment({ rater: userRater(outsider!), assignmentId: claim.assignmentId!, draft: ratingDraft() }),
        )
      ).code,
    ).toBe("NOT_FOUND");
    expect(() => userRater(admin)).toThrow(/permission|not allowed|cannot/i);
  });
});

describe("drafts and submission", () => {
  it("saves versioned drafts and refuses a stale version without changing the stored draft, naming the current one", async () => {
    const rater = await createTestUser(["rater"]);
    const suite = await suiteWith({ items: 1, k: 1, raters: [rater] });
    const { assignmentId } = (await nextItem({ rater: userRater(rater), suiteId: suite.id })) as {
      assignmentId: string;
    };
    const first = await saveDraft({
      rater: userRater(rater),
      assignmentId,
      baseVersion: 0,
      draft: { freeform: { notes: "tab A" } },
    });
    expect(first.version).toBe(1);
    const stale = await rejection(
      saveDraft({ rater: userRater(rater), assignmentId, baseVersion: 0, draft: { freeform: { notes: "tab B" } } }),
    );
    expect(stale).toMatchObject({ code: "CONFLICT", message: expect.stringContaining("another tab") });
    // The refusal carries what the page offers the rater instead: the newer version and its draft.
    expect(stale.details).toEqual({ current: { version: 1, draft: { freeform: { notes: "tab A" } } } });
    expect(await getAssignment({ rater: userRater(rater), assignmentId })).toMatchObject({
      draft: { freeform: { notes: "tab A" } },
      draftVersion: 1,
    });
    expect(
      (await rejection(saveDraft({ rater: userRater(rater), assignmentId, baseVersion: "1", draft: {} }))).issues[0],
    ).toMatchObject({ path: "/base_version" });
  });

  it("never stores a field the form does not have, a __proto__ key included; the stored draft stays as it was", async () => {
    const rater = await createTestUser(["rater"]);
    const suite = await suiteWith({ items: 1, k: 1, raters: [rater] });
    const { assignmentId } = (await nextItem({ rater: userRater(rater), suiteId: suite.id })) as {
      assignmentId: string;
    };
    await saveDraft({ rater: userRater(rater), assignmentId, baseVersion: 0, draft: { freeform: { notes: "kept" } } });
    for (const draft of [
      { colour: "blue" },
      JSON.parse('{"__proto__": {"polluted": true}}'),
      { freeform: { notes: "x", mood: "odd" } },
    ]) {
      const refused = await rejection(saveDraft({ rater: userRater(rater), assignmentId, baseVersion: 1, draft }));
      expect(refused.code).toBe("INVALID_INPUT");
      expect(refused.issues[0]).toMatchObject({
        path: expect.stringMatching(/^\/draft\/(colour|__proto__|freeform\/mood)$/),
        rule: "additionalProperties",
      });
    }
    expect(await getAssignment({ rater: userRater(rater), assignmentId })).toMatchObject({
      draft: { freeform: { notes: "kept" } },
      draftVersion: 1,
    });
  });

  it("submits once: a retry answers with the same record; task and subject come from the item", async () => {
    const rater = await createTestUser(["rater"]);
    const suite = await suiteWith({ items: 1, k: 1, raters: [rater] });
    const { assignmentId } = (await nextItem({ rater: userRater(rater), suiteId: suite.id })) as {
      assignmentId: string;
    };
    const forged = { ...ratingDraft(), task: { task_id: "forged", modality: "chat", prompt: "x" } };
    const stored = await submitAssignment({ rater: userRater(rater), assignmentId, draft: forged });
    expect(stored.record?.task).toMatchObject({ suite_id: suite.key, task_id: expect.stringMatching(/^t-/) });
    expect(stored.record?.rater).toEqual({ type: "human", id: rater.userId });
    const retry = await submitAssignment({ rater: userRater(rater), assignmentId, draft: ratingDraft() });
    expect(retry).toMatchObject({ evalId: stored.evalId, alreadySubmitted: true });
    expect(await db().evalRecord.count({ where: { suiteId: suite.key } })).toBe(1);
    expect(
      (await rejection(saveDraft({ rater: userRater(rater), assignmentId, baseVersion: 0, draft: {} }))).message,
    ).toContain("already submitted");
  });

  it("refuses an invalid rating with its issues and keeps the assignment open", async () => {
    const rater = await createTestUser(["rater"]);
    const suite = await suiteWith({ items: 1, k: 1, raters: [rater] });
    const { assignmentId } = (await nextItem({ rater: userRater(rater), suiteId: suite.id })) as {
      assignmentId: string;
    };
    const draft = ratingDraft() as Record<string, unknown>;
    const invalid = { ...draft, universal: { ...(draft.universal as object), helpfulness: { score: 9 } } };
    const error = await rejection(submitAssignment({ rater: userRater(rater), assignmentId, draft: invalid }));
    expect(error.code).toBe("INVALID_RECORD");
    expect(error.issues.some((issue) => issue.path.startsWith("/universal/helpfulness"))).toBe(true);
    expect(await getAssignment({ rater: userRater(rater), assignmentId })).toMatchObject({
      status: "held",
      evalId: null,
    });
    expect(await db().suiteItem.findFirst({ where: { suiteId: suite.id } })).toMatchObject({ slotsLeft: 1 });
  });
});

describe("a queue submit is a first rating", () => {
  it("refuses a derived_from: a queue item's rating cannot name a parent", async () => {
    const rater = await createTestUser(["rater"]);
    const suite = await suiteWith({ items: 1, k: 1, raters: [rater] });
    // The rater's own record: a parent they may see, so only the queue rule refuses it.
    const earlier = await submitRecord({ actor: rater, draft: withoutRater(chatDraft()) });
    const next = await nextItem({ rater: userRater(rater), suiteId: suite.id });
    const refused = await rejection(
      submitAssignment({
        rater: userRater(rater),
        assignmentId: next.assignmentId!,
        draft: { ...ratingDraft(), derived_from: earlier.evalId },
      }),
    );
    expect(refused.issues[0]).toMatchObject({ path: "/derived_from", rule: "notAllowed" });
    expect((await getAssignment({ rater: userRater(rater), assignmentId: next.assignmentId! })).status).toBe("held");
  });
});

describe("a submit does not claim the next item", () => {
  const liveHolds = async (suiteId: string, rater: TestUser) => {
    const [row] = await db().$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM assignment
      WHERE suite_id = ${suiteId}::uuid AND user_id = ${rater.userId} AND status = 'held' AND held_until > now()`;
    return Number(row!.n);
  };

  it("leaves the rater holding nothing until they ask for the next item", async () => {
    const rater = await createTestUser(["rater"]);
    const suite = await suiteWith({ items: 3, k: 1, raters: [rater] });
    const first = await nextItem({ rater: userRater(rater), suiteId: suite.id });
    expect(await liveHolds(suite.id, rater)).toBe(1);
    await submitAssignment({ rater: userRater(rater), assignmentId: first.assignmentId!, draft: ratingDraft() });
    expect(await liveHolds(suite.id, rater)).toBe(0);
    const second = await nextItem({ rater: userRater(rater), suiteId: suite.id });
    expect(second.assignmentId).not.toBe(first.assignmentId);
    expect(await liveHolds(suite.id, rater)).toBe(1);
  });
});
