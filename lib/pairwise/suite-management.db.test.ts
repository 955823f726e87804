// A pairwise suite managed as an item suite is, against a real PostgreSQL:
// only its listed raters (or everyone, when it is open to all) see and claim
// its pairs; a rater taken off the list loses their holds and their access
// while their records stay; pause hands out nothing (409) and archive takes
// the suite out of every queue and listing while its records stay
// exportable; k is never lowered below what a pair has; every change is
// audited with its before and after.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { db } from "@/lib/db";
import { exportPairwise } from "@/lib/export/export-runs";
import { startRecordExport } from "@/lib/export/stream-export";
import { importSystemAnswers } from "@/lib/testing/pairwise-imports";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { savePairDraft } from "./pair-draft";
import { getPairAssignment, nextPair, submitPair } from "./pairs";
import { pairwiseSuitesForRater } from "./rater-queue";
import { skipPair } from "./skip-pair";
import { changePairwiseSuite, getPairwiseSuiteSettings } from "./suite-settings";
import { createPairwiseSuite, listPairwiseSuites } from "./suites";
import { PAIRWISE_SUITE_PAUSED_MESSAGE } from "./suite-access";

let admin: TestUser;
let listed: TestUser;
let listedSme: TestUser;
let outsider: TestUser;
beforeAll(async () => {
  [admin, listed, listedSme, outsider] = await Promise.all([
    createTestUser(["admin"]),
    createTestUser(["rater"]),
    createTestUser(["sme"]),
    createTestUser(["rater"]),
  ]);
});
afterAll(async () => {
  await db().$disconnect();
});

const responseDraft = () => {
  const { task: _task, subject: _subject, freeform: _freeform, ...rest } = withoutRater(chatDraft());
  return rest;
};
const verdict = {
  preference: "better",
  rationale: "Response 1 is clearer.",
  responses: [responseDraft(), responseDraft()],
};

/** A two-system suite over `tasks` tasks, rated by `raterIds`. */
async function suiteOf(
  tasks: number,
  input: { overlap_k?: number; rater_ids?: string[]; open_to_all_raters?: boolean },
) {
  const prefix = `pm-${randomBytes(4).toString("hex")}`;
  const taskIds = Array.from({ length: tasks }, (_, index) => `${prefix}-${index}`);
  const importIds = [
    await importSystemAnswers(admin, `alpha-${prefix}`, taskIds),
    await importSystemAnswers(admin, `beta-${prefix}`, taskIds),
  ];
  return createPairwiseSuite({
    actor: admin,
    input: {
      name: `Managed ${prefix}`,
      key: prefix,
      design: "all_pairs",
      overlap_k: 1,
      import_ids: importIds,
      ...input,
    },
  });
}

const auditOf = (suiteId: string) =>
  db().auditEvent.findMany({
    where: { subject: suiteId },
    orderBy: { createdAt: "asc" },
    select: { action: true, details: true },
  });

const queueKeys = async (actor: TestUser) => (await pairwiseSuitesForRater({ actor })).map((suite) => suite.key);

describe("who may compare a pairwise suite's pairs", () => {
  it("only the raters and SMEs on its list, unless it is open to all raters", async () => {
    const suite = await suiteOf(2, { rater_ids: [listed.userId, listedSme.userId] });
    expect(await queueKeys(listed)).toContain(suite.key);
    expect(await queueKeys(listedSme)).toContain(suite.key);
    expect(await queueKeys(outsider)).not.toContain(suite.key);
    expect((await rejection(nextPair({ actor: outsider, suiteId: suite.id }))).code).toBe("NOT_FOUND");
    const claimed = await nextPair({ actor: listed, suiteId: suite.id });
    expect(claimed.assignmentId).not.toBeNull();
    // Another rater's pair is not found.
    expect((await rejection(getPairAssignment({ actor: outsider, assignmentId: claimed.assignmentId! }))).code).toBe(
      "NOT_FOUND",
    );

    await changePairwiseSuite({ actor: admin, suiteId: suite.id, input: { open_to_all_raters: true } });
    expect(await queueKeys(outsider)).toContain(suite.key);
    expect((await nextPair({ actor: outsider, suiteId: suite.id })).assignmentId).not.toBeNull();
    // Only active raters and SMEs can be listed.
    const refused = await rejection(
      changePairwiseSuite({ actor: admin, suiteId: suite.id, input: { rater_ids: [listed.userId, admin.userId] } }),
    );
    expect(refused.issues).toEqual([expect.objectContaining({ path: "/rater_ids", rule: "raterExists" })]);
    expect(
      (await rejection(changePairwiseSuite({ actor: listed, suiteId: suite.id, input: { paused: true } }))).code,
    ).toBe("FORBIDDEN");
  });

  it("a rater taken off the list loses their holds and their access; their records stay", async () => {
    const suite = await suiteOf(3, { rater_ids: [listed.userId, outsider.userId] });
    const first = await nextPair({ actor: listed, suiteId: suite.id });
    const submitted = await submitPair({ actor: listed, assignmentId: first.assignmentId!, input: verdict });
    const held = (await nextPair({ actor: listed, suiteId: suite.id })).assignmentId!;
    await savePairDraft({ actor: listed, assignmentId: held, baseVersion: 0, draft: { rationale: "half-written" } });

    const after = await changePairwiseSuite({
      actor: admin,
      suiteId: suite.id,
      input: { rater_ids: [outsider.userId] },
    });
    expect(after.raterIds).toEqual([outsider.userId]);
    const row = await db().pairwiseAssignment.findUniqueOrThrow({ where: { id: held } });
    expect(row.heldUntil.getTime()).toBeLessThanOrEqual(Date.now());
    expect(row).toMatchObject({ status: "held", draft: { rationale: "half-written" } });
    expect(await db().evalRecord.count({ where: { evalId: { in: submitted.evalIds } } })).toBe(2);
    expect(await queueKeys(listed)).not.toContain(suite.key);
    for (const attempt of [
      () => nextPair({ actor: listed, suiteId: suite.id }),
      () => getPairAssignment({ actor: listed, assignmentId: held }),
      () => savePairDraft({ actor: listed, assignmentId: held, baseVersion: 1, draft: { rationale: "more" } }),
      () => submitPair({ actor: listed, assignmentId: held, input: verdict }),
      () => skipPair({ actor: listed, assignmentId: held, input: { reason: "broken_content" } }),
    ])
      expect((await rejection(attempt())).code).toBe("NOT_FOUND");
    // The released pair goes to the next rater at once (k = 1).
    const taken = await nextPair({ actor: outsider, suiteId: suite.id });
    const pairOf = async (id: string) => (await db().pairwiseAssignment.findUniqueOrThrow({ where: { id } })).pairId;
    expect(await pairOf(taken.assignmentId!)).toBe(await pairOf(held));

    const [, updated] = await auditOf(suite.id);
    expect(updated).toEqual({
      action: "pairwise_suite.updated",
      details: {
        raterIds: { before: [listed.userId, outsider.userId].sort(), after: [outsider.userId] },
        raters_added: [],
        raters_removed: [listed.userId],
        holds_released: 1,
      },
    });
  });

  it("closing a suite that was open to all releases the holds of everyone not on its list", async () => {
    const suite = await suiteOf(2, { open_to_all_raters: true });
    const held = (await nextPair({ actor: outsider, suiteId: suite.id })).assignmentId!;
    await changePairwiseSuite({
      actor: admin,
      suiteId: suite.id,
      input: { open_to_all_raters: false, rater_ids: [listed.userId] },
    });
    expect(
      (await db().pairwiseAssignment.findUniqueOrThrow({ where: { id: held } })).heldUntil.getTime(),
    ).toBeLessThanOrEqual(Date.now());
    expect((await rejection(getPairAssignment({ actor: outsider, assignmentId: held }))).code).toBe("NOT_FOUND");
    expect((await auditOf(suite.id)).at(-1)).toEqual({
      action: "pairwise_suite.updated",
      details: {
        raterIds: { before: [], after: [listed.userId] },
        openToAllRaters: { before: true, after: false },
        raters_added: [listed.userId],
        raters_removed: [],
        holds_released: 1,
      },
    });
  });
});

describe("pause and archive", () => {
  it("a paused suite hands out no pairs (409, and the queue says so); a held pair can still be submitted", async () => {
    const suite = await suiteOf(3, { rater_ids: [listed.userId] });
    const held = (await nextPair({ actor: listed, suiteId: suite.id })).assignmentId!;
    await changePairwiseSuite({ actor: admin, suiteId: suite.id, input: { paused: true } });
    const refused = await rejection(nextPair({ actor: listed, suiteId: suite.id }));
    expect([refused.code, refused.message]).toEqual(["CONFLICT", PAIRWISE_SUITE_PAUSED_MESSAGE]);
    expect((await pairwiseSuitesForRater({ actor: listed })).find((entry) => entry.id === suite.id)).toMatchObject({
      paused: true,
      myHeldAssignmentId: held,
    });
    expect((await getPairAssignment({ actor: listed, assignmentId: held })).paused).toBe(true);
    const stored = await submitPair({ actor: listed, assignmentId: held, input: verdict });
    expect(stored.alreadySubmitted).toBe(false);
    await changePairwiseSuite({ actor: admin, suiteId: suite.id, input: { paused: false } });
    expect((await nextPair({ actor: listed, suiteId: suite.id })).assignmentId).not.toBeNull();
    expect((await auditOf(suite.id)).slice(1)).toEqual([
      { action: "pairwise_suite.paused", details: { before: { paused: false }, after: { paused: true } } },
      { action: "pairwise_suite.resumed", details: { before: { paused: true }, after: { paused: false } } },
    ]);
  });

  it("an archived suite leaves every queue and the default list; its records stay exportable", async () => {
    const suite = await suiteOf(2, { rater_ids: [listed.userId] });
    const first = await nextPair({ actor: listed, suiteId: suite.id });
    await submitPair({ actor: listed, assignmentId: first.assignmentId!, input: verdict });
    await changePairwiseSuite({ actor: admin, suiteId: suite.id, input: { archived: true } });

    expect(await queueKeys(listed)).not.toContain(suite.key);
    expect((await rejection(nextPair({ actor: listed, suiteId: suite.id }))).code).toBe("NOT_FOUND");
    expect((await listPairwiseSuites({ actor: admin })).map((entry) => entry.id)).not.toContain(suite.id);
    const all = await listPairwiseSuites({ actor: admin, includeArchived: true });
    expect(all.find((entry) => entry.id === suite.id)).toMatchObject({ archived: true, paused: false });
    const exported = await startRecordExport({ actor: admin, filter: { suite_id: suite.key }, format: "jsonl" });
    const lines = (await new Response(exported.body).text()).trim().split("\n");
    expect(lines).toHaveLength(2);
    const sidecar = (await new Response(await exportPairwise({ actor: admin, exportId: exported.exportId })).text())
      .trim()
      .split("\n");
    expect(sidecar.map((line) => (JSON.parse(line) as { suite_id: string }).suite_id)).toEqual([suite.key, suite.key]);

    await changePairwiseSuite({ actor: admin, suiteId: suite.id, input: { archived: false } });
    expect(await queueKeys(listed)).toContain(suite.key);
    expect((await auditOf(suite.id)).slice(1).map((event) => event.action)).toEqual([
      "pairwise_suite.archived",
      "pairwise_suite.unarchived",
    ]);
  });
});

describe("editing k, hold time, guidelines and the verdict-only option", () => {
  it("refuses a k below what a pair already has, naming how many pairs block it; nothing changes", async () => {
    const raters = await Promise.all([1, 2, 3].map(() => createTestUser(["rater"])));
    const suite = await suiteOf(2, { overlap_k: 3, rater_ids: raters.map((rater) => rater.userId) });
    // Pair A gets three judgments and pair B two: k can go to 3, not below.
    for (const [index, rater] of raters.entries()) {
      const pairs = index < 2 ? 2 : 1;
      for (let pair = 0; pair < pairs; pair += 1) {
        const next = await nextPair({ actor: rater, suiteId: suite.id });
        await submitPair({ actor: rater, assignmentId: next.assignmentId!, input: verdict });
      }
    }
    const refused = await rejection(changePairwiseSuite({ actor: admin, suiteId: suite.id, input: { overlap_k: 1 } }));
    expect(refused.issues).toEqual([
      {
        path: "/overlap_k",
        rule: "notBelowStored",
        message: "k cannot go below 3: 2 pairs have more than 1 judgment stored already",
      },
    ]);
    const once = await rejection(changePairwiseSuite({ actor: admin, suiteId: suite.id, input: { overlap_k: 2 } }));
    expect(once.issues[0]!.message).toBe("k cannot go below 3: 1 pair has more than 2 judgments stored already");
    expect((await getPairwiseSuiteSettings({ actor: admin, suiteId: suite.id })).overlapK).toBe(3);
    expect(await auditOf(suite.id)).toHaveLength(1);

    const raised = await changePairwiseSuite({ actor: admin, suiteId: suite.id, input: { overlap_k: 4 } });
    expect(raised.overlapK).toBe(4);
    // A fourth rater now finds a slot on every pair.
    const fourth = await createTestUser(["rater"]);
    await changePairwiseSuite({
      actor: admin,
      suiteId: suite.id,
      input: { rater_ids: [...raters, fourth].map((rater) => rater.userId) },
    });
    expect((await nextPair({ actor: fourth, suiteId: suite.id })).assignmentId).not.toBeNull();
  });

  it("audits each change with its before and after; guidelines by their length", async () => {
    const suite = await suiteOf(1, { rater_ids: [listed.userId] });
    const guidelines = "# Prefer the **correct** answer\n\nA longer answer is not a better one.";
    const after = await changePairwiseSuite({
      actor: admin,
      suiteId: suite.id,
      input: { guidelines, hold_minutes: 45, verdict_only: true, reviewer_ids: [listedSme.userId] },
    });
    expect(after).toMatchObject({ guidelines, holdMinutes: 45, verdictOnly: true, reviewerIds: [listedSme.userId] });
    expect((await getPairwiseSuiteSettings({ actor: admin, suiteId: suite.id })).guidelines).toBe(guidelines);
    const [created, updated] = await auditOf(suite.id);
    expect(created).toMatchObject({ action: "pairwise_suite.created", details: { rater_ids: [listed.userId] } });
    expect(updated).toEqual({
      action: "pairwise_suite.updated",
      details: {
        reviewerIds: { before: [], after: [listedSme.userId] },
        holdMinutes: { before: 30, after: 45 },
        guidelines: { before: { chars: 0 }, after: { chars: guidelines.length } },
        verdictOnly: { before: false, after: true },
      },
    });
    // A change that changes nothing writes nothing.
    await changePairwiseSuite({ actor: admin, suiteId: suite.id, input: { hold_minutes: 45 } });
    expect(await auditOf(suite.id)).toHaveLength(2);
    const view = await getPairAssignment({
      actor: listed,
      assignmentId: (await nextPair({ actor: listed, suiteId: suite.id })).assignmentId!,
    });
    expect(view).toMatchObject({ guidelines, verdictOnly: true, paused: false });
  });
});
