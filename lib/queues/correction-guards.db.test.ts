// Corrections respect the suite and the item (issue 33, finding 3), against a
// real PostgreSQL: none in an archived suite or from a rater removed from it,
// at most MAX_CORRECTIONS_PER_ASSIGNMENT per rating even when sent all at once,
// and correcting a rating an adjudication was made from reopens the item.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextAdjudication, submitAdjudication, suiteItemStatuses } from "@/lib/adjudication/service";
import { db } from "@/lib/db";
import { validJudgmentFor } from "@/lib/judge/sample-judgments";
import { changeSuite } from "@/lib/suites/change-suite";
import { createSuite } from "@/lib/suites/service";
import { importTestItems } from "@/lib/testing/test-items";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { submitAssignment } from "./assignments";
import { correctSubmittedAssignment, MAX_CORRECTIONS_PER_ASSIGNMENT } from "./correction";
import { nextItem } from "./next-item";
import { userRater } from "./queue-rater";

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

async function suiteWith(raters: TestUser[], k = raters.length) {
  const { importId } = await importTestItems(admin, 1);
  return createSuite({
    actor: admin,
    input: {
      name: "Correction guards",
      key: `guard-${importId.slice(0, 8)}`,
      overlap_k: k,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: raters.map((rater) => rater.userId),
      import_ids: [importId],
    },
  });
}

/** The rater's one assignment of the suite, submitted with this helpfulness. */
async function rate(rater: TestUser, suiteId: string, helpfulness: number) {
  const held = await nextItem({ rater: userRater(rater), suiteId });
  const stored = await submitAssignment({
    rater: userRater(rater),
    assignmentId: held.assignmentId!,
    draft: rating(helpfulness),
  });
  return { assignmentId: held.assignmentId!, evalId: stored.evalId };
}

const suiteRecords = (suiteId: string) => db().suiteRecord.count({ where: { suiteId } });

describe("corrections refused by the suite's state", () => {
  it("409 in an archived suite, and nothing stored", async () => {
    const alice = await createTestUser(["rater"]);
    const suite = await suiteWith([alice]);
    const { assignmentId } = await rate(alice, suite.id, 4);
    await changeSuite({ actor: admin, suiteId: suite.id, input: { archived: true } });
    const before = await suiteRecords(suite.id);
    const refused = await rejection(
      correctSubmittedAssignment({ rater: userRater(alice), assignmentId, draft: rating(2) }),
    );
    expect(refused).toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/archived/) });
    expect(await suiteRecords(suite.id)).toBe(before);
  });

  it("409 for a rater removed from the suite, and nothing stored", async () => {
    const [alice, bob] = [await createTestUser(["rater"]), await createTestUser(["rater"])];
    const suite = await suiteWith([alice, bob]);
    const { assignmentId } = await rate(alice, suite.id, 4);
    await changeSuite({ actor: admin, suiteId: suite.id, input: { rater_ids: [bob.userId] } });
    const before = await suiteRecords(suite.id);
    const refused = await rejection(
      correctSubmittedAssignment({ rater: userRater(alice), assignmentId, draft: rating(2) }),
    );
    expect(refused).toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/no longer a rater/) });
    expect(await suiteRecords(suite.id)).toBe(before);
    // Put back on the suite, they may correct again.
    await changeSuite({ actor: admin, suiteId: suite.id, input: { rater_ids: [alice.userId, bob.userId] } });
    await correctSubmittedAssignment({ rater: userRater(alice), assignmentId, draft: rating(2) });
    expect(await suiteRecords(suite.id)).toBe(before + 1);
  });
});

describe("corrections per rating are bounded", () => {
  it("22 corrections of one rating at once: as many acknowledged as stored, never more than the maximum, one line of a chain", async () => {
    const alice = await createTestUser(["rater"]);
    const suite = await suiteWith([alice]);
    const { assignmentId, evalId: first } = await rate(alice, suite.id, 4);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 22 }, (_, index) =>
        correctSubmittedAssignment({ rater: userRater(alice), assignmentId, draft: rating(1 + (index % 5)) }),
      ),
    );
    const acknowledged = outcomes.filter((outcome) => outcome.status === "fulfilled");
    const refusals = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
    const chain = await db().suiteRecord.findMany({
      where: { suiteId: suite.id },
      select: { evalId: true, supersedes: true, flow: true },
    });
    const corrections = chain.filter((row) => row.flow === "correction");
    console.log(
      `22 parallel corrections: ${acknowledged.length} acknowledged (201), ${refusals.length} refused, ${corrections.length} stored; chain of ${chain.length}`,
    );
    expect(acknowledged.length).toBe(MAX_CORRECTIONS_PER_ASSIGNMENT);
    expect(corrections.length).toBe(acknowledged.length);
    expect(refusals.map((error: { code?: string }) => error.code)).toEqual(
      Array(22 - MAX_CORRECTIONS_PER_ASSIGNMENT).fill("CONFLICT"),
    );
    // One line: each record superseded at most once, starting from the first rating.
    const bySuperseded = new Map(corrections.map((row) => [row.supersedes, row.evalId]));
    let at: string | null = first;
    let length = 1;
    while (bySuperseded.has(at)) {
      at = bySuperseded.get(at) ?? null;
      length++;
    }
    expect(length).toBe(MAX_CORRECTIONS_PER_ASSIGNMENT + 1);
    // Acknowledged means stored: every eval_id answered is in the chain.
    const stored = new Set(corrections.map((row) => row.evalId));
    for (const outcome of acknowledged) expect(stored.has(outcome.value.evalId)).toBe(true);
  });
});

describe("correcting a rating an adjudication was made from", () => {
  it("reopens the item as needs_adjudication; the next decision derives from the superseded one and closes it again", async () => {
    const [alice, bob] = [await createTestUser(["rater"]), await createTestUser(["rater"])];
    const suite = await suiteWith([alice, bob]);
    const aliceRating = await rate(alice, suite.id, 1);
    await rate(bob, suite.id, 5);
    const task = await nextAdjudication({ actor: admin, suiteId: suite.id });
    expect(task).not.toBeNull();
    const decision = await submitAdjudication({
      actor: admin,
      id: task!.id,
      draft: rating(3),
      closestEvalId: aliceRating.evalId,
    });
    expect((await suiteItemStatuses({ actor: admin, suiteId: suite.id })).counts.adjudicated).toBe(1);

    const correction = await correctSubmittedAssignment({
      rater: userRater(alice),
      assignmentId: aliceRating.assignmentId,
      draft: rating(5),
    });
    const statuses = await suiteItemStatuses({ actor: admin, suiteId: suite.id });
    // The ratings now agree (5 and 5), but the decision was made from a rating the suite no longer counts.
    expect(statuses.items).toEqual([
      expect.objectContaining({
        status: "needs_adjudication",
        latestDecision: decision.evalId,
        reasons: [{ kind: "source_corrected", decision: decision.evalId }],
      }),
    ]);
    const open = await db().adjudicationTask.findMany({ where: { suiteId: suite.id, status: "open" } });
    expect(open).toEqual([expect.objectContaining({ previousEvalId: decision.evalId })]);
    const audit = await db().auditEvent.findFirstOrThrow({
      where: { action: "record.corrected", subject: correction.evalId },
    });
    expect(audit.details).toMatchObject({ reopened_adjudication: open[0]!.id });

    const again = await nextAdjudication({ actor: admin, suiteId: suite.id });
    expect(again?.id).toBe(open[0]!.id);
    const second = await submitAdjudication({ actor: admin, id: again!.id, draft: rating(5) });
    const record = await db().evalRecord.findUniqueOrThrow({ where: { evalId: second.evalId } });
    expect(record.derivedFrom).toBe(decision.evalId);
    expect((await suiteItemStatuses({ actor: admin, suiteId: suite.id })).items).toEqual([
      expect.objectContaining({ status: "adjudicated", latestDecision: second.evalId, reasons: [] }),
    ]);
  });
});
