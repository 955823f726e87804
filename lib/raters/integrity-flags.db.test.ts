// Integrity flags on stored work: straight-lining, too fast for the item's
// length, an item every rater skipped as broken; a dismissal (audited, with a
// reason) takes a flag off until its evidence changes; admins only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { db } from "@/lib/db";
import { nextItem } from "@/lib/queues/next-item";
import { saveDraft, submitAssignment } from "@/lib/queues/assignments";
import { skipAssignment } from "@/lib/queues/skip";
import { userRater } from "@/lib/queues/queue-rater";
import { createSuite } from "@/lib/suites/service";
import { rejection } from "@/lib/testing/rejection";
import { sampleUniversal } from "@/lib/testing/sample-rating";
import { importTestItems } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { dismissIntegrityFlag, integrityFlags, STRAIGHT_LINE_ITEMS } from "./integrity-flags";

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(() => db().$disconnect());

const draftWith = (universal: Record<string, unknown>) => {
  const { task: _task, subject: _subject, ...rest } = withoutRater(chatDraft());
  return { ...rest, universal: { ...universal, vs_reference: "equivalent" } };
};

describe("integrity flags", () => {
  it("flag straight-lining, speed beyond reading and items every rater called broken; a dismissal is audited", async () => {
    const [liner, careful] = await Promise.all([createTestUser(["rater"]), createTestUser(["rater"])]);
    const { importId } = await importTestItems(admin, STRAIGHT_LINE_ITEMS + 1);
    const suite = await createSuite({
      actor: admin,
      input: {
        name: "Integrity",
        key: `int-${importId.slice(0, 8)}`,
        overlap_k: 2,
        gold_share: 0,
        hold_minutes: 30,
        rater_ids: [liner!.userId, careful!.userId],
        import_ids: [importId],
      },
    });
    // Both skip the first item they are given as broken… the same one, as the queue hands items in order.
    for (const rater of [liner!, careful!]) {
      const { assignmentId } = await nextItem({ rater: userRater(rater), suiteId: suite.id });
      await skipAssignment({
        rater: userRater(rater),
        assignmentId: assignmentId!,
        input: { reason: "broken_content" },
      });
    }
    // The liner: all 5s, every item, a millisecond of active time each; the careful rater varies and takes time.
    for (let n = 0; n < STRAIGHT_LINE_ITEMS; n += 1) {
      for (const rater of [liner!, careful!]) {
        const { assignmentId } = await nextItem({ rater: userRater(rater), suiteId: suite.id });
        const fast = rater === liner;
        await db()
          .$executeRaw`UPDATE assignment SET active_counted_at = now() - interval '10 minutes' WHERE id = ${assignmentId}::uuid`;
        await saveDraft({
          rater: userRater(rater),
          assignmentId: assignmentId!,
          baseVersion: 0,
          draft: {},
          activeMs: fast ? 50 : 120_000,
        });
        const universal = fast
          ? sampleUniversal(5)
          : sampleUniversal(5, { helpfulness: { score: 4, confidence: "high" } });
        await submitAssignment({ rater: userRater(rater), assignmentId: assignmentId!, draft: draftWith(universal) });
      }
    }
    const flags = (await integrityFlags({ actor: admin })).filter((flag) => flag.suite.id === suite.id);
    const kinds = (id: string) =>
      flags
        .filter((flag) => flag.subject.id === id)
        .map((flag) => flag.kind)
        .sort();
    expect(kinds(liner!.userId)).toEqual(["straight_lining", "too_fast"]);
    expect(kinds(careful!.userId)).toEqual([]);
    const broken = flags.filter((flag) => flag.kind === "broken_for_all");
    expect(broken).toHaveLength(1);
    expect(broken[0]!.evidence).toMatch(/all 2 raters of the suite skipped it as broken/);
    const fast = flags.find((flag) => flag.kind === "too_fast")!;
    expect(fast.evidence).toMatch(new RegExp(`^${STRAIGHT_LINE_ITEMS} of ${STRAIGHT_LINE_ITEMS} timed items`));

    // Dismissed with a reason: gone from the list, audited with the evidence; twice is NOT_FOUND; raters may not.
    expect((await rejection(dismissIntegrityFlag({ actor: liner!, input: {} }))).code).toBe("FORBIDDEN");
    const noReason = await rejection(
      dismissIntegrityFlag({
        actor: admin,
        input: { flag_key: fast.key, evidence_key: fast.evidenceKey, reason: " " },
      }),
    );
    expect(noReason.code).toBe("INVALID_INPUT");
    const input = { flag_key: fast.key, evidence_key: fast.evidenceKey, reason: "Known fast reader, checked by hand" };
    await dismissIntegrityFlag({ actor: admin, input });
    const after = (await integrityFlags({ actor: admin })).filter((flag) => flag.suite.id === suite.id);
    expect(after.map((flag) => flag.key)).not.toContain(fast.key);
    expect(after.map((flag) => flag.kind).sort()).toEqual(["broken_for_all", "straight_lining"]);
    const audited = await db().auditEvent.findFirstOrThrow({
      where: { action: "rater_flag.dismissed", subject: liner!.userId },
    });
    expect(audited.details).toMatchObject({ flag: "too_fast", reason: "Known fast reader, checked by hand" });
    expect((await rejection(dismissIntegrityFlag({ actor: admin, input }))).code).toBe("NOT_FOUND");
  });
});
