// SME review of a pairwise judge's verdicts, against a real database and the
// scripted judge over HTTP: a judge run opens a review task per verdict for
// the suite's SMEs; the SME confirms one (two hybrid records, each deriving
// from the judge's record of the same response, mirror images, sidecar rows)
// and corrects another; a replayed submit answers with the same records; a
// foreign SME or a rater is refused, a hold taken over by another SME is a
// conflict for its former holder; the judge's records are unchanged; the
// leaderboard counts the reviews on the human side.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateAgainstContract } from "@/lib/aif/validate";
import { db } from "@/lib/db";
import { getRecord } from "@/lib/records/read-records";
import { createImport, readImportFile } from "@/lib/imports/service";
import { startFakeChatCompletionsServer, type FakeChatCompletionsServer } from "@/lib/testing/fake-openai-server";
import { jsonl, nativeItem } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { scriptedPairwiseReply } from "@/scripts/fake-judge";
import { pairwiseJudgeRunFinished, startPairwiseJudgeRun } from "./judge-run";
import { pairwiseLeaderboard } from "./leaderboard-query";
import { nextPairReview } from "./pair-review-claim";
import { getPairReview, savePairReviewDraft, submitPairReview } from "./pair-review";
import { pairReviewQueues, setPairwiseSuiteReviewers } from "./pair-reviewers";
import { sideSequenceFigures } from "./side-sequences";
import { changePairwiseSuite } from "./suite-settings";
import { createPairwiseSuite } from "./suites";

let admin: TestUser;
let sme: TestUser;
let otherSme: TestUser;
let rater: TestUser;
let server: FakeChatCompletionsServer;
beforeAll(async () => {
  [admin, sme, otherSme, rater] = await Promise.all([
    createTestUser(["admin"]),
    createTestUser(["sme"]),
    createTestUser(["sme"]),
    createTestUser(["rater"]),
  ]);
});
afterAll(async () => {
  await server?.close();
  await db().$disconnect();
});

const prefix = `pr-${randomBytes(4).toString("hex")}`;
const systems = [`alpha-${prefix}`, `beta-${prefix}`];

async function importSystem(system: string, taskIds: string[]): Promise<string> {
  const items = taskIds.map((taskId) =>
    nativeItem(taskId, {
      subject: { system_under_test: system, modality_tags: ["chat"] },
      transcript: {
        messages: [
          { role: "user", content: [{ type: "text", text: `Prompt of ${taskId}` }] },
          { role: "assistant", content: [{ type: "text", text: `${system} answers ${taskId}` }] },
        ],
      },
    }),
  );
  const created = await createImport({ actor: admin, input: { format: "items", file_name: `${system}.jsonl` } });
  await readImportFile({ actor: admin, importId: created.id, file: jsonl(items) });
  return created.id;
}

/** The text between a tag pair of the judge's user message. */
function section(messages: unknown, tag: string): string {
  const user = (messages as { role: string; content: string }[]).find((message) => message.role === "user")!;
  return new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(user.content)?.[1] ?? "";
}

type Body = {
  rater: { type: string; id: string };
  derived_from?: string;
  subject: { system_under_test: string };
  universal: Record<string, unknown> & { vs_reference: string };
  freeform: { notes: string };
};

describe("SME review of pairwise judge verdicts", () => {
  it("opens a task per verdict; the SME confirms one and corrects another; replay, refusals, judge records unchanged", async () => {
    const taskIds = [`${prefix}-0`, `${prefix}-1`];
    const importIds = [await importSystem(systems[0]!, taskIds), await importSystem(systems[1]!, taskIds)];
    const suite = await createPairwiseSuite({
      actor: admin,
      input: { name: "reviewed", key: `pw-${prefix}`, design: "all_pairs", overlap_k: 1, import_ids: importIds },
    });
    await setPairwiseSuiteReviewers({ actor: admin, suiteId: suite.id, input: { reviewer_ids: [sme.userId] } });
    await expect(
      setPairwiseSuiteReviewers({ actor: admin, suiteId: suite.id, input: { reviewer_ids: [rater.userId] } }),
    ).rejects.toMatchObject({ code: "INVALID_INPUT" });

    // The judge prefers alpha whichever side it is on.
    server = await startFakeChatCompletionsServer({
      respond: ({ body }) => {
        const reply = JSON.parse((scriptedPairwiseReply("left") as { content: string }).content) as Record<
          string,
          unknown
        >;
        reply.verdict = section(body.messages, "response_a").includes(systems[0]!) ? "A>B" : "B>A";
        return { content: JSON.stringify(reply) };
      },
    });
    const run = await startPairwiseJudgeRun({
      actor: admin,
      suiteId: suite.id,
      endpoint: {
        baseUrl: server.url,
        model: "fake-pairwise-judge",
        concurrency: 4,
        timeoutMs: 30_000,
        maxAttempts: 2,
      },
    });
    await pairwiseJudgeRunFinished(run.id);

    const judgeRows = await db().pairwiseJudgment.findMany({ where: { suiteId: suite.id } });
    expect(judgeRows).toHaveLength(4);
    const judgeRecordsBefore = await db().evalRecord.findMany({
      where: { evalId: { in: judgeRows.map((row) => row.evalId) } },
      orderBy: { evalId: "asc" },
    });
    const tasks = await db().pairwiseReviewTask.findMany({ where: { suiteId: suite.id } });
    expect(tasks).toHaveLength(2);
    for (const task of tasks) {
      expect(task).toMatchObject({ status: "open", reviewerId: null, judgeRunId: run.id });
      // Keyed by the judge's record of the pair's first system (shown left in the judge's first order).
      expect(judgeRows.find((row) => row.evalId === task.judgeEvalId)).toMatchObject({ shownPosition: "left" });
    }

    expect(await pairReviewQueues({ actor: sme })).toEqual([
      expect.objectContaining({ suiteId: suite.id, open: 2, reviewedByMe: 0 }),
    ]);
    expect(await pairReviewQueues({ actor: otherSme })).toEqual([]);
    await expect(nextPairReview({ actor: otherSme, suiteId: suite.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(nextPairReview({ actor: rater, suiteId: suite.id })).rejects.toMatchObject({ code: "FORBIDDEN" });

    // Confirm: submit the judge's values unchanged.
    const firstId = (await nextPairReview({ actor: sme, suiteId: suite.id }))!;
    expect(await nextPairReview({ actor: sme, suiteId: suite.id })).toBe(firstId);

    // A hold that ran out and went to another SME of the suite: the former holder is told so, and nothing is stored.
    await setPairwiseSuiteReviewers({
      actor: admin,
      suiteId: suite.id,
      input: { reviewer_ids: [sme.userId, otherSme.userId] },
    });
    const expire = () =>
      db()
        .$executeRaw`UPDATE pairwise_review_task SET held_until = now() - interval '1 second' WHERE judge_eval_id = ${firstId}::uuid`;
    await expire();
    expect(await nextPairReview({ actor: otherSme, suiteId: suite.id })).toBe(firstId);
    const takenOver = { preference: "equivalent", rationale: "late", responses: [{}, {}] };
    await expect(
      savePairReviewDraft({ actor: sme, judgeEvalId: firstId, baseVersion: 1, draft: takenOver }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/another SME took it over/) });
    await expect(submitPairReview({ actor: sme, judgeEvalId: firstId, input: takenOver })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expire();
    await setPairwiseSuiteReviewers({ actor: admin, suiteId: suite.id, input: { reviewer_ids: [sme.userId] } });
    expect(await nextPairReview({ actor: sme, suiteId: suite.id })).toBe(firstId);
    const view = await getPairReview({ actor: sme, judgeEvalId: firstId });
    const { prefill } = view;
    for (const system of systems) expect(prefill.rationale).not.toContain(system);
    expect(prefill.rationale).toMatch(/Response [12] as Response A/);
    expect(Object.keys(prefill.responses[0].universal as object).length).toBeGreaterThan(2);
    expect((prefill.responses[0].universal as Record<string, unknown>).vs_reference).toBeUndefined();
    const held = await db().pairwiseReviewTask.findUniqueOrThrow({ where: { judgeEvalId: firstId } });
    const leftSystem = held.firstShownLeft ? systems[0] : systems[1];
    expect(prefill.preference).toBe(leftSystem === systems[0] ? "better" : "worse");

    await expect(getPairReview({ actor: otherSme, judgeEvalId: firstId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getPairReview({ actor: rater, judgeEvalId: firstId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const confirm = { preference: prefill.preference, rationale: prefill.rationale, responses: prefill.responses };
    await expect(submitPairReview({ actor: otherSme, judgeEvalId: firstId, input: confirm })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(
      savePairReviewDraft({ actor: otherSme, judgeEvalId: firstId, baseVersion: view.draftVersion, draft: {} }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });

    // A versioned draft, as the engine keeps it.
    const saved = await savePairReviewDraft({
      actor: sme,
      judgeEvalId: firstId,
      baseVersion: view.draftVersion,
      draft: confirm,
    });
    expect(saved.version).toBe(view.draftVersion + 1);
    await expect(
      savePairReviewDraft({ actor: sme, judgeEvalId: firstId, baseVersion: view.draftVersion, draft: confirm }),
    ).rejects.toMatchObject({ code: "CONFLICT" });

    const stored = await submitPairReview({ actor: sme, judgeEvalId: firstId, input: confirm });
    expect(stored.alreadySubmitted).toBe(false);
    const replay = await submitPairReview({ actor: sme, judgeEvalId: firstId, input: confirm });
    expect(replay).toEqual({ evalIds: stored.evalIds, alreadySubmitted: true });
    // The view holds only what both items share; the SME reads the review's records back without their system.
    expect(Object.keys(view.task).sort()).toEqual(["modality", "prompt", "task_id"]);
    for (const evalId of stored.evalIds) {
      const served = await getRecord({ actor: sme, evalId });
      expect(served.withheld).toContain("/subject/system_under_test");
      // (The fixture's responses say their system's name, so task.reference, the other response's text, does too.)
      expect(served.body.subject).toEqual({ modality_tags: ["chat"] });
      expect((await getRecord({ actor: admin, evalId })).withheld).toEqual([]);
    }

    const records = await Promise.all(
      stored.evalIds.map((evalId) => db().evalRecord.findUniqueOrThrow({ where: { evalId } })),
    );
    const bodies = records.map((record) => record.body as unknown as Body);
    const judgeOf = (system: string) =>
      judgeRows.find((row) => row.pairId === held.pairId && row.system === system)!.evalId;
    for (const body of bodies) {
      expect(validateAgainstContract(body)).toEqual([]);
      expect(body.rater).toEqual({ type: "hybrid", id: sme.userId });
      // Each derives from the judge's record of the same response.
      expect(body.derived_from).toBe(judgeOf(body.subject.system_under_test));
      expect(body.freeform.notes).toBe(prefill.rationale);
    }
    expect(bodies[0]!.subject.system_under_test).toBe(leftSystem);
    expect(bodies.map((body) => body.universal.vs_reference)).toEqual(
      leftSystem === systems[0] ? ["better", "worse"] : ["worse", "better"],
    );
    const sidecar = await db().pairwiseJudgment.findMany({
      where: { evalId: { in: stored.evalIds } },
      orderBy: { shownPosition: "asc" },
    });
    expect(sidecar.map((row) => [row.evalId, row.opponentEvalId, row.shownPosition, row.raterType])).toEqual([
      [stored.evalIds[0], stored.evalIds[1], "left", "hybrid"],
      [stored.evalIds[1], stored.evalIds[0], "right", "hybrid"],
    ]);
    expect(sidecar[0]).toMatchObject({ pairId: held.pairId, system: leftSystem, judgeRunId: null });
    expect(await db().pairwiseReviewTask.findUniqueOrThrow({ where: { judgeEvalId: firstId } })).toMatchObject({
      status: "reviewed",
      hybridEvalId: stored.evalIds[0],
      draft: null,
    });

    // Correct: the SME reverses the verdict and says why.
    const secondId = (await nextPairReview({ actor: sme, suiteId: suite.id }))!;
    expect(secondId).not.toBe(firstId);
    const second = await getPairReview({ actor: sme, judgeEvalId: secondId });
    const corrected = await submitPairReview({
      actor: sme,
      judgeEvalId: secondId,
      input: { ...second.prefill, preference: "equivalent", rationale: "Both answer the task equally well." },
    });
    const correctedBodies = await Promise.all(
      corrected.evalIds.map(
        async (evalId) => (await db().evalRecord.findUniqueOrThrow({ where: { evalId } })).body as unknown as Body,
      ),
    );
    expect(correctedBodies.map((body) => body.universal.vs_reference)).toEqual(["equivalent", "equivalent"]);
    expect(correctedBodies[0]!.freeform.notes).toBe("Both answer the task equally well.");
    expect(await nextPairReview({ actor: sme, suiteId: suite.id })).toBeNull();

    // The judge's records are unchanged.
    const judgeRecordsAfter = await db().evalRecord.findMany({
      where: { evalId: { in: judgeRows.map((row) => row.evalId) } },
      orderBy: { evalId: "asc" },
    });
    expect(judgeRecordsAfter).toEqual(judgeRecordsBefore);
    expect(await db().pairwiseJudgment.count({ where: { suiteId: suite.id, raterType: "llm_judge" } })).toBe(4);

    // The leaderboard counts the reviews as human-side verdicts, the judge's apart.
    const humans = await pairwiseLeaderboard({ actor: admin, suiteId: suite.id, raters: "humans" });
    expect(humans.judgments).toBe(2);
    expect(humans.positionBiasByRaterType.map((entry) => entry.raterType)).toEqual(["hybrid", "llm_judge"]);
    expect(humans.agreementByRaters.humanJudge).toBeDefined();
    const judge = await pairwiseLeaderboard({ actor: admin, suiteId: suite.id, raters: "judge" });
    expect(judge.judgments).toBe(2);
  });

  it("an SME taken off the suite's SMEs loses their hold at once; pause and archive reach the review queue", async () => {
    const local = `prm-${randomBytes(4).toString("hex")}`;
    const taskIds = [`${local}-0`, `${local}-1`];
    const importIds = [await importSystem(`alpha-${local}`, taskIds), await importSystem(`beta-${local}`, taskIds)];
    const suite = await createPairwiseSuite({
      actor: admin,
      input: { name: "managed", key: `pw-${local}`, design: "all_pairs", overlap_k: 1, import_ids: importIds },
    });
    await setPairwiseSuiteReviewers({
      actor: admin,
      suiteId: suite.id,
      input: { reviewer_ids: [sme.userId, otherSme.userId] },
    });
    const judgeServer = await startFakeChatCompletionsServer({
      respond: () => ({ content: (scriptedPairwiseReply("left") as { content: string }).content }),
    });
    try {
      const run = await startPairwiseJudgeRun({
        actor: admin,
        suiteId: suite.id,
        endpoint: { baseUrl: judgeServer.url, model: "fake", concurrency: 2, timeoutMs: 30_000, maxAttempts: 2 },
      });
      await pairwiseJudgeRunFinished(run.id);
    } finally {
      await judgeServer.close();
    }
    const held = (await nextPairReview({ actor: sme, suiteId: suite.id }))!;
    await setPairwiseSuiteReviewers({ actor: admin, suiteId: suite.id, input: { reviewer_ids: [otherSme.userId] } });
    // The verdict the removed SME held is the first the remaining SME is given, without waiting for the hold to run out.
    expect(await nextPairReview({ actor: otherSme, suiteId: suite.id })).toBe(held);
    await expect(nextPairReview({ actor: sme, suiteId: suite.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getPairReview({ actor: sme, judgeEvalId: held })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const update = await db().auditEvent.findFirstOrThrow({
      where: { subject: suite.id, action: "pairwise_suite.updated" },
      orderBy: { createdAt: "desc" },
    });
    expect(update.details).toEqual({
      reviewerIds: { before: [sme.userId, otherSme.userId].sort(), after: [otherSme.userId] },
      review_holds_released: 1,
    });

    await changePairwiseSuite({ actor: admin, suiteId: suite.id, input: { paused: true } });
    await expect(nextPairReview({ actor: otherSme, suiteId: suite.id })).rejects.toMatchObject({ code: "CONFLICT" });
    await changePairwiseSuite({ actor: admin, suiteId: suite.id, input: { paused: false, archived: true } });
    expect((await pairReviewQueues({ actor: otherSme })).map((queue) => queue.suiteId)).not.toContain(suite.id);
    await expect(nextPairReview({ actor: otherSme, suiteId: suite.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  }, 60_000);

  it("draws each review claim's side afresh: an SME's 24 reviews neither strictly alternate nor keep to a rule", async () => {
    // Under the old rule (a coin, then always the other side) the 24 sides alternate: every step changes side.
    const local = `prs-${randomBytes(4).toString("hex")}`;
    const taskIds = Array.from({ length: 24 }, (_, index) => `${local}-${index}`);
    const names = [`alpha-${local}`, `beta-${local}`];
    const importIds = [await importSystem(names[0]!, taskIds), await importSystem(names[1]!, taskIds)];
    const suite = await createPairwiseSuite({
      actor: admin,
      input: { name: "sides", key: `pw-${local}`, design: "all_pairs", overlap_k: 1, import_ids: importIds },
    });
    const reviewer = await createTestUser(["sme"]);
    await setPairwiseSuiteReviewers({ actor: admin, suiteId: suite.id, input: { reviewer_ids: [reviewer.userId] } });
    const judgeServer = await startFakeChatCompletionsServer({
      respond: () => ({ content: (scriptedPairwiseReply("left") as { content: string }).content }),
    });
    try {
      const run = await startPairwiseJudgeRun({
        actor: admin,
        suiteId: suite.id,
        endpoint: { baseUrl: judgeServer.url, model: "fake", concurrency: 4, timeoutMs: 30_000, maxAttempts: 2 },
      });
      await pairwiseJudgeRunFinished(run.id);
    } finally {
      await judgeServer.close();
    }
    const sides: boolean[] = [];
    for (let index = 0; index < 24; index += 1) {
      const judgeEvalId = (await nextPairReview({ actor: reviewer, suiteId: suite.id }))!;
      const task = await db().pairwiseReviewTask.findUniqueOrThrow({ where: { judgeEvalId } });
      sides.push(task.firstShownLeft!);
      // Closed without the review's records (the claim's order is what is measured here).
      await db()
        .$executeRaw`UPDATE pairwise_review_task SET status = 'reviewed', hybrid_eval_id = judge_eval_id WHERE judge_eval_id = ${judgeEvalId}::uuid`;
    }
    expect(await nextPairReview({ actor: reviewer, suiteId: suite.id })).toBeNull();
    const figures = sideSequenceFigures([sides]);
    // A fair coin per claim alternates strictly with a chance of 2 in 2^24, and keeps the side in 23 steps
    // fewer than 2 or more than 21 times with a chance of about 6e-6.
    expect(figures.strictlyAlternating).toBe(0);
    expect(figures.sameAsPrevious).toBeGreaterThanOrEqual(2);
    expect(figures.sameAsPrevious).toBeLessThanOrEqual(21);
  }, 120_000);
});
