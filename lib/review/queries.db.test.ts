// The review queue's typed queries against a real PostgreSQL: tasks opened
// through openReviewTasks (the owner of review_task rows), claimed, held and
// reviewed, and the per-suite counts read back as numbers.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AIF_SCHEMA_VERSION } from "@/lib/aif/contract";
import { db } from "@/lib/db";
import { validJudgmentFor } from "@/lib/judge/sample-judgments";
import { storeJudgeRecord } from "@/lib/records/judge-records";
import { createSuite } from "@/lib/suites/service";
import { importTestItems } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { judgmentOf } from "./field-decisions";
import {
  claimOpenTask,
  countFieldDecisions,
  countHazardDisagreements,
  countReviewTasks,
  isHeldByAnother,
  lockOwnLiveTask,
  selectLikertChanges,
  selectReviewerSuiteHold,
  selectReviewQueues,
} from "./queries";
import { getReviewTask, openReviewTasks, submitReview } from "./review-tasks";

let sme: TestUser;
let otherSme: TestUser;
let outsider: TestUser;
let suiteId: string;
const judgeEvalIds: string[] = [];

beforeAll(async () => {
  const admin = await createTestUser(["admin"]);
  sme = await createTestUser(["sme"]);
  otherSme = await createTestUser(["sme"]);
  outsider = await createTestUser(["sme"]);
  const { importId, taskIds } = await importTestItems(admin, 2);
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Review queries",
      key: `rq-${importId.slice(0, 8)}`,
      overlap_k: 1,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: [sme.userId, otherSme.userId],
      import_ids: [importId],
    },
  });
  suiteId = suite.id;
  const prefillImport = await db().prefillImport.create({
    data: { suiteId, recordsRead: 2, stored: 2, alreadyPresent: 0, refused: 0, createdById: admin.userId },
  });
  await db().$transaction(async (tx) => {
    for (const taskId of taskIds) {
      const item = await tx.item.findFirstOrThrow({ where: { taskId }, select: { id: true } });
      const record = {
        schema_version: AIF_SCHEMA_VERSION,
        eval_id: randomUUID(),
        created_at: "2026-11-01T10:00:00.000Z",
        rater: { type: "llm_judge", id: "judge-model#abc123", model: "judge-model", n_samples: 3 },
        task: { task_id: taskId, suite_id: "source-suite", modality: "chat", prompt: `Prompt of ${taskId}` },
        subject: { system_under_test: "Test Model", modality_tags: ["chat"] },
        ...validJudgmentFor("chat"),
      };
      const stored = await storeJudgeRecord({
        record,
        keepIdentity: true,
        submittedById: admin.userId,
        client: tx,
        countedIn: { suiteId, itemId: item.id, flow: "prefill_import" },
      });
      await openReviewTasks({
        client: tx,
        tasks: [{ judgeEvalId: stored.evalId, suiteId, itemId: item.id, prefillImportId: prefillImport.id }],
      });
      judgeEvalIds.push(stored.evalId);
    }
  });
});
afterAll(() => db().$disconnect());

describe("review queries", () => {
  it("lists the SME's queues and the suite's hold time; nothing for an SME outside the suite", async () => {
    expect(await selectReviewQueues(db(), sme.userId)).toEqual([
      expect.objectContaining({ suiteId, open: 2, reviewedByMe: 0 }),
    ]);
    expect(await selectReviewerSuiteHold(db(), sme.userId, suiteId)).toBe(1800);
    expect(await selectReviewerSuiteHold(db(), outsider.userId, suiteId)).toBeUndefined();
    expect(await countReviewTasks(db(), suiteId)).toEqual({ open: 2, reviewed: 0 });
  });

  it("claims the oldest open task, finds it held by its SME, and tells another SME it is taken", async () => {
    expect(await db().$transaction((tx) => lockOwnLiveTask(tx, sme.userId, suiteId))).toBeUndefined();
    const claimed = await claimOpenTask(db(), sme.userId, suiteId, 1800);
    expect(judgeEvalIds).toContain(claimed);
    expect(await db().$transaction((tx) => lockOwnLiveTask(tx, sme.userId, suiteId))).toBe(claimed);
    expect(await isHeldByAnother(db(), otherSme.userId, claimed!)).toBe(true);
    expect(await isHeldByAnother(db(), sme.userId, claimed!)).toBe(false);
    // An SME outside the suite is told nothing about its tasks.
    expect(await isHeldByAnother(db(), outsider.userId, claimed!)).toBe(false);
    const second = await claimOpenTask(db(), otherSme.userId, suiteId, 1800);
    expect(second).not.toBe(claimed);
    expect(await claimOpenTask(db(), outsider.userId, suiteId, 1800)).toBeUndefined();
  });

  it("counts a review's field decisions, Likert changes and hazard calls", async () => {
    const judgeEvalId = (await db().$transaction((tx) => lockOwnLiveTask(tx, sme.userId, suiteId)))!;
    const task = await getReviewTask({ actor: sme, judgeEvalId });
    const draft = structuredClone(judgmentOf(task.judgeRecord)) as ReturnType<typeof validJudgmentFor>;
    (draft.universal as Record<string, { score: number }>).helpfulness!.score = 2;
    Object.assign(draft.safety as Record<string, unknown>, {
      is_violating_any: true,
      hate: { verdict: "violating", severity: 2, evidence: "a quote" },
    });
    await submitReview({ actor: sme, judgeEvalId, draft });

    expect(await countReviewTasks(db(), suiteId)).toEqual({ open: 1, reviewed: 1 });
    const fields = await countFieldDecisions(db(), suiteId);
    expect(fields).toContainEqual({ path: "/universal/helpfulness/score", accepted: 0, edited: 1, added: 0 });
    expect(fields).toContainEqual({ path: "/safety/hate/verdict", accepted: 0, edited: 0, added: 1 });
    const likert = await selectLikertChanges(db(), suiteId);
    expect(likert).toContainEqual({
      dimension: "/universal/helpfulness",
      reviewed: 1,
      changed: 1,
      meanAbsoluteChange: 2,
    });
    expect(await countHazardDisagreements(db(), suiteId)).toContainEqual({ hazard: "hate", missed: 1, overCalled: 0 });
    expect((await selectReviewQueues(db(), sme.userId))[0]).toMatchObject({ open: 0, reviewedByMe: 1 });
  });
});
