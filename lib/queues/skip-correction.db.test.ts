// Skipping an item and correcting the one just submitted, against a real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { loadReportRatings } from "@/lib/analytics/report-ratings";
import { db } from "@/lib/db";
import { SERVER_ASSIGNED_FIELDS } from "@/lib/aif/server-fields";
import { submitRecord } from "@/lib/records/submit-record";
import { createSuite, getRaterProgress } from "@/lib/suites/service";
import { importTestItems } from "@/lib/testing/test-items";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { saveDraft, submitAssignment } from "./assignments";
import { correctSubmittedAssignment } from "./correction";
import { nextItem } from "./next-item";
import { userRater } from "./queue-rater";
import { getSkipSummary, skipAssignment } from "./skip";

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(() => db().$disconnect());

const ratingDraft = () => {
  const { task: _task, subject: _subject, ...rest } = withoutRater(chatDraft());
  return rest;
};

async function suiteWith(options: { items: number; k: number; raters: TestUser[] }) {
  const { importId } = await importTestItems(admin, options.items);
  return createSuite({
    actor: admin,
    input: {
      name: "Skip suite",
      key: `skip-${importId.slice(0, 8)}`,
      overlap_k: options.k,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: options.raters.map((rater) => rater.userId),
      import_ids: [importId],
    },
  });
}

const itemOf = async (assignmentId: string) =>
  (await db().assignment.findUniqueOrThrow({ where: { id: assignmentId }, select: { itemId: true } })).itemId;

describe("skip", () => {
  it("releases the hold without a slot: the item goes to another rater, never back to the skipper; counted per item, rater and in the audit log", async () => {
    const [alice, bob] = [await createTestUser(["rater"]), await createTestUser(["rater"])];
    const suite = await suiteWith({ items: 1, k: 1, raters: [alice, bob] });
    const held = await nextItem({ rater: userRater(alice), suiteId: suite.id });
    expect(held.assignmentId).not.toBeNull();
    // With k = 1 and Alice holding the only item, Bob waits.
    expect(await nextItem({ rater: userRater(bob), suiteId: suite.id })).toEqual({
      assignmentId: null,
      reason: "busy",
    });

    await skipAssignment({
      rater: userRater(alice),
      assignmentId: held.assignmentId!,
      input: { reason: "broken_content" },
    });
    // A repeat answers the same and stores nothing twice.
    await skipAssignment({
      rater: userRater(alice),
      assignmentId: held.assignmentId!,
      input: { reason: "broken_content" },
    });
    expect(await nextItem({ rater: userRater(alice), suiteId: suite.id })).toEqual({
      assignmentId: null,
      reason: "finished",
    });
    const bobs = await nextItem({ rater: userRater(bob), suiteId: suite.id });
    expect(bobs.assignmentId).not.toBeNull();
    expect(await itemOf(bobs.assignmentId!)).toBe(await itemOf(held.assignmentId!));

    // A skipped assignment can be neither saved nor submitted.
    expect(
      await rejection(
        submitAssignment({ rater: userRater(alice), assignmentId: held.assignmentId!, draft: ratingDraft() }),
      ),
    ).toMatchObject({ code: "CONFLICT" });
    expect(
      await rejection(
        saveDraft({ rater: userRater(alice), assignmentId: held.assignmentId!, baseVersion: 0, draft: {} }),
      ),
    ).toMatchObject({ code: "CONFLICT" });

    await skipAssignment({
      rater: userRater(bob),
      assignmentId: bobs.assignmentId!,
      input: { reason: "other", comment: "The answer is in Welsh" },
    });
    const summary = await getSkipSummary({ actor: admin, suiteId: suite.id });
    expect(summary.items).toEqual([
      expect.objectContaining({
        skipped: 2,
        reasons: { broken_content: 1, other: 1 },
        comments: ["The answer is in Welsh"],
        everyRaterSkipped: true,
      }),
    ]);
    expect(summary.byRater.map((row) => row.skipped)).toEqual([1, 1]);
    const progress = await getRaterProgress({ actor: admin, suiteId: suite.id });
    expect(progress.map((row) => row.skipped)).toEqual([1, 1]);
    const audit = await db().auditEvent.findMany({
      where: { action: "assignment.skipped", subject: { in: [held.assignmentId!, bobs.assignmentId!] } },
    });
    expect(audit.map((event) => (event.details as { reason: string }).reason).sort()).toEqual([
      "broken_content",
      "other",
    ]);
  });

  it("refuses an unknown reason, 'other' without a comment, and another rater's assignment", async () => {
    const [alice, bob] = [await createTestUser(["rater"]), await createTestUser(["rater"])];
    const suite = await suiteWith({ items: 1, k: 2, raters: [alice, bob] });
    const held = await nextItem({ rater: userRater(alice), suiteId: suite.id });
    expect(
      await rejection(
        skipAssignment({ rater: userRater(alice), assignmentId: held.assignmentId!, input: { reason: "bored" } }),
      ),
    ).toMatchObject({ code: "INVALID_INPUT" });
    expect(
      await rejection(
        skipAssignment({
          rater: userRater(alice),
          assignmentId: held.assignmentId!,
          input: { reason: "other", comment: "  " },
        }),
      ),
    ).toMatchObject({ code: "INVALID_INPUT" });
    expect(
      await rejection(
        skipAssignment({
          rater: userRater(bob),
          assignmentId: held.assignmentId!,
          input: { reason: "outside_expertise" },
        }),
      ),
    ).toMatchObject({ code: "NOT_FOUND" });
    // The database holds the same rule as the API.
    await expect(
      db()
        .$executeRaw`UPDATE assignment SET status = 'skipped', skip_reason = 'other', skipped_at = now() WHERE id = ${held.assignmentId}::uuid`,
    ).rejects.toThrow(/assignment_skip_other_has_comment/);
  });
});

describe("correction of the item just submitted", () => {
  it("stores a new record derived from the rater's latest rating of the item; the original is unchanged", async () => {
    const alice = await createTestUser(["rater"]);
    const suite = await suiteWith({ items: 1, k: 1, raters: [alice] });
    const held = await nextItem({ rater: userRater(alice), suiteId: suite.id });
    const assignmentId = held.assignmentId!;
    // Not yet submitted: nothing to correct.
    expect(
      await rejection(correctSubmittedAssignment({ rater: userRater(alice), assignmentId, draft: ratingDraft() })),
    ).toMatchObject({ code: "CONFLICT" });
    const first = await submitAssignment({ rater: userRater(alice), assignmentId, draft: ratingDraft() });
    const before = await db().evalRecord.findUniqueOrThrow({ where: { evalId: first.evalId } });

    const changed = ratingDraft();
    (changed.universal as Record<string, unknown>).helpfulness = {
      score: 2,
      confidence: "high",
      rationale: "Misses the refund caveat.",
    };
    const correction = await correctSubmittedAssignment({ rater: userRater(alice), assignmentId, draft: changed });
    expect(correction.derivedFrom).toBe(first.evalId);
    const second = await correctSubmittedAssignment({ rater: userRater(alice), assignmentId, draft: changed });
    expect(second.derivedFrom).toBe(correction.evalId);

    const stored = await db().evalRecord.findUniqueOrThrow({ where: { evalId: correction.evalId } });
    const body = stored.body as {
      derived_from: string;
      rater: { id: string };
      task: { task_id: string };
      universal: { helpfulness: { score: number } };
    };
    expect(body).toMatchObject({
      derived_from: first.evalId,
      rater: { id: alice.userId },
      task: { task_id: (before.body as { task: { task_id: string } }).task.task_id },
      universal: { helpfulness: { score: 2 } },
    });
    expect(await db().evalRecord.findUniqueOrThrow({ where: { evalId: first.evalId } })).toEqual(before);
    // The overlap slot was used once: a correction is not another rating.
    const [slots] = await db().$queryRaw<
      { slots_left: number }[]
    >`SELECT slots_left FROM suite_item WHERE suite_id = ${suite.id}::uuid`;
    expect(slots?.slots_left).toBe(0);
  });

  it("counts in the suite's statistics in place of the rating it corrects: one answer per rater, the latest", async () => {
    const alice = await createTestUser(["rater"]);
    const suite = await suiteWith({ items: 1, k: 1, raters: [alice] });
    const held = await nextItem({ rater: userRater(alice), suiteId: suite.id });
    const first = await submitAssignment({
      rater: userRater(alice),
      assignmentId: held.assignmentId!,
      draft: ratingDraft(),
    });
    const helpfulness = async () =>
      (await loadReportRatings({ suiteId: suite.id })).ratings.likert.get("universal.helpfulness");
    const firstScore = (ratingDraft().universal as { helpfulness: { score: number } }).helpfulness.score;
    expect(await helpfulness()).toEqual([firstScore]);

    const changed = ratingDraft();
    (changed.universal as Record<string, unknown>).helpfulness = {
      score: 1,
      confidence: "high",
      rationale: "Wrong refund window.",
    };
    const correction = await correctSubmittedAssignment({
      rater: userRater(alice),
      assignmentId: held.assignmentId!,
      draft: changed,
    });
    expect(await helpfulness()).toEqual([1]);
    (changed.universal as Record<string, unknown>).helpfulness = {
      score: 2,
      confidence: "high",
      rationale: "Half right after all.",
    };
    const again = await correctSubmittedAssignment({
      rater: userRater(alice),
      assignmentId: held.assignmentId!,
      draft: changed,
    });
    expect(await helpfulness()).toEqual([2]);
    // Every row is kept (append-only); each correction names what it supersedes.
    const rows = await db().$queryRaw<{ eval_id: string; flow: string; supersedes: string | null }[]>`
      SELECT eval_id::text, flow, supersedes::text FROM suite_record WHERE suite_id = ${suite.id}::uuid ORDER BY created_at`;
    expect(rows).toEqual([
      { eval_id: first.evalId, flow: "assignment", supersedes: null },
      { eval_id: correction.evalId, flow: "correction", supersedes: first.evalId },
      { eval_id: again.evalId, flow: "correction", supersedes: correction.evalId },
    ]);
  });

  it("corrects the suite's latest rating even when the rater also corrected it free-form (that record counts in no suite)", async () => {
    const alice = await createTestUser(["rater"]);
    const suite = await suiteWith({ items: 1, k: 1, raters: [alice] });
    const held = await nextItem({ rater: userRater(alice), suiteId: suite.id });
    const first = await submitAssignment({
      rater: userRater(alice),
      assignmentId: held.assignmentId!,
      draft: ratingDraft(),
    });
    const stored = await db().evalRecord.findUniqueOrThrow({ where: { evalId: first.evalId } });
    const body = Object.fromEntries(
      Object.entries(stored.body as Record<string, unknown>).filter(
        ([key]) => !(SERVER_ASSIGNED_FIELDS as readonly string[]).includes(key) && key !== "rater",
      ),
    );
    await submitRecord({ actor: alice, draft: { ...body, derived_from: first.evalId } });
    const correction = await correctSubmittedAssignment({
      rater: userRater(alice),
      assignmentId: held.assignmentId!,
      draft: ratingDraft(),
    });
    expect(correction.derivedFrom).toBe(first.evalId);
  });

  it("is refused on another rater's assignment (404)", async () => {
    const [alice, bob] = [await createTestUser(["rater"]), await createTestUser(["rater"])];
    const suite = await suiteWith({ items: 1, k: 1, raters: [alice] });
    const held = await nextItem({ rater: userRater(alice), suiteId: suite.id });
    await submitAssignment({ rater: userRater(alice), assignmentId: held.assignmentId!, draft: ratingDraft() });
    expect(
      await rejection(
        correctSubmittedAssignment({ rater: userRater(bob), assignmentId: held.assignmentId!, draft: ratingDraft() }),
      ),
    ).toMatchObject({ code: "NOT_FOUND" });
  });
});
