// Which records count in a suite's statistics: the pen test's attack (records
// posted free-form, naming a suite, its tasks, gold ids and calibration
// targets) changes nothing in the suite's report, and every suite flow counts.
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AIF_SCHEMA_VERSION } from "@/lib/aif/contract";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { suiteCalibration } from "@/lib/analytics/suite-calibration";
import { suiteReport } from "@/lib/analytics/suite-report";
import { db } from "@/lib/db";
import { createImport, readImportFile } from "@/lib/imports/service";
import { validJudgmentFor } from "@/lib/judge/sample-judgments";
import { submitAssignment } from "@/lib/queues/assignments";
import { nextItem } from "@/lib/queues/next-item";
import { userRater } from "@/lib/queues/queue-rater";
import { importPrefills } from "@/lib/review/prefill-import";
import { nextReviewTask, submitReview } from "@/lib/review/review-tasks";
import { createShareLink, openShareLink, shareRater } from "@/lib/share-links/service";
import { createSuite } from "@/lib/suites/service";
import { importTestItems, jsonl, nativeItem } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { rejection } from "@/lib/testing/rejection";
import { submitRecord } from "./submit-record";
import { suiteFlowCounts } from "./suite-flow-counts";

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(() => db().$disconnect());

const likert = (score: number) => ({ score, confidence: "high" as const, rationale: `score ${score}` });
const universalWith = (score: number) => ({ ...validJudgmentFor("chat").universal, helpfulness: likert(score) });

describe("suite statistics count only the suite's flows", () => {
  it("free-form records naming the suite change neither agreement, drift, gold counts nor ratings per item", async () => {
    const prefix = `attack-${randomUUID().slice(0, 8)}`;
    const target = (index: number) => 1 + (index % 5);
    const items = Array.from({ length: 6 }, (_, index) =>
      nativeItem(`${prefix}-${index}`, {
        task: {
          task_id: `${prefix}-${index}`,
          modality: "chat",
          prompt: `Prompt of ${prefix}-${index}`,
          gold_item_id: `g-${index}`,
          calibration_target: { universal: { helpfulness: { score: target(index) } } },
        },
      }),
    );
    const created = await createImport({ actor: admin, input: { format: "items", file_name: "attack.jsonl" } });
    await readImportFile({ actor: admin, importId: created.id, file: jsonl(items) });
    const [steady, drifting] = [await createTestUser(["rater"]), await createTestUser(["rater"])];
    const suite = await createSuite({
      actor: admin,
      input: {
        name: "Attacked",
        key: prefix,
        overlap_k: 2,
        gold_share: 1,
        hold_minutes: 30,
        rater_ids: [steady.userId, drifting.userId],
        import_ids: [created.id],
      },
    });
    for (const [rater, off] of [
      [steady, 0],
      [drifting, 3],
    ] as const) {
      for (;;) {
        const next = await nextItem({ rater: userRater(rater), suiteId: suite.id });
        if (!next.assignmentId) break;
        const held = await db().assignment.findUniqueOrThrow({
          where: { id: next.assignmentId },
          include: { suiteItem: { include: { item: true } } },
        });
        const index = Number(held.suiteItem.item.taskId.split("-").at(-1));
        await submitAssignment({
          rater: userRater(rater),
          assignmentId: next.assignmentId,
          draft: { universal: universalWith(Math.min(5, target(index) + off)) },
        });
      }
    }
    const before = await suiteReport({ actor: admin, suiteId: suite.id, bootstrapSamples: 0 });
    expect([before.ratings, before.items]).toEqual([12, 6]);
    expect(before.calibration.raters.find((rater) => rater.rater === `human:${drifting.userId}`)?.drifting).toEqual([
      "universal.helpfulness",
    ]);

    // A rater on no suite posts records naming the suite, its tasks and gold ids, with scores of their choosing.
    const outsider = await createTestUser(["rater"]);
    const forged = (rater: TestUser, index: number, score: number, calibrationTarget: unknown) =>
      submitRecord({
        actor: rater,
        draft: {
          ...withoutRater(chatDraft()),
          task: {
            task_id: `${prefix}-${index}`,
            suite_id: prefix,
            modality: "chat",
            prompt: "p",
            gold_item_id: `g-${index}`,
            calibration_target: calibrationTarget,
          },
          subject: { system_under_test: "Test Model", modality_tags: ["chat"] },
          universal: universalWith(score),
        },
      });
    for (let round = 0; round < 4; round += 1) {
      for (let index = 0; index < 6; index += 1)
        await forged(outsider, index, 6 - target(index), { universal: { helpfulness: { score: 6 - target(index) } } });
    }
    // The drifting rater posts gold records whose target equals their own score.
    for (let round = 0; round < 12; round += 1)
      await forged(drifting, round % 6, 5, { universal: { helpfulness: { score: 5 } } });

    const after = await suiteReport({ actor: admin, suiteId: suite.id, bootstrapSamples: 0 });
    expect([after.ratings, after.items]).toEqual([12, 6]);
    expect(after.likert).toEqual(before.likert);
    const calibration = await suiteCalibration({ actor: admin, suiteId: suite.id });
    expect(calibration.goldRatings).toBe(12);
    expect(calibration.raters.map((rater) => [rater.rater, rater.drifting]).sort()).toEqual(
      [
        [`human:${drifting.userId}`, ["universal.helpfulness"]],
        [`human:${steady.userId}`, []],
      ].sort(),
    );
    expect(await db().suiteRecord.count({ where: { suiteId: suite.id } })).toBe(12);

    // A rename shows in the next report, cached or not.
    await db().user.update({ where: { id: drifting.userId }, data: { name: "Renamed rater" } });
    const renamed = await suiteReport({ actor: admin, suiteId: suite.id, bootstrapSamples: 0 });
    expect(renamed.computed.cached).toBe(true);
    expect(renamed.calibration.raters.find((rater) => rater.rater === `human:${drifting.userId}`)?.name).toBe(
      "Renamed rater",
    );
  });

  it("counts each flow's records: assignment, share link, prefill import and review", async () => {
    const sme = await createTestUser(["sme"]);
    const rater = await createTestUser(["rater"]);
    const { importId, taskIds } = await importTestItems(admin, 2);
    const suite = await createSuite({
      actor: admin,
      input: {
        name: "Flows",
        key: `flows-${importId.slice(0, 8)}`,
        overlap_k: 3,
        gold_share: 0,
        hold_minutes: 30,
        rater_ids: [rater.userId, sme.userId],
        import_ids: [importId],
      },
    });
    const ratingDraft = { universal: validJudgmentFor("chat").universal };

    const byRater = await nextItem({ rater: userRater(rater), suiteId: suite.id });
    const rated = await submitAssignment({
      rater: userRater(rater),
      assignmentId: byRater.assignmentId!,
      draft: ratingDraft,
    });
    const { token } = await createShareLink({ actor: admin, suiteId: suite.id, input: { label: "flows" } });
    const visitor = shareRater(await openShareLink(token), randomUUID());
    const byVisitor = await nextItem({ rater: visitor, suiteId: suite.id });
    const visited = await submitAssignment({
      rater: visitor,
      assignmentId: byVisitor.assignmentId!,
      draft: ratingDraft,
    });
    const judge = {
      schema_version: AIF_SCHEMA_VERSION,
      eval_id: randomUUID(),
      created_at: "2026-11-01T10:00:00.000Z",
      rater: { type: "llm_judge", id: "judge#abc", model: "judge" },
      task: { task_id: taskIds[0]!, suite_id: "source-suite", modality: "chat", prompt: `Prompt of ${taskIds[0]}` },
      subject: { system_under_test: "Test Model", modality_tags: ["chat"] },
      ...validJudgmentFor("chat"),
    };
    expect(
      (await importPrefills({ actor: admin, suiteId: suite.id, file: Readable.from([JSON.stringify(judge)]) })).stored,
    ).toBe(1);
    const held = await nextReviewTask({ actor: sme, suiteId: suite.id });
    const reviewed = await submitReview({ actor: sme, judgeEvalId: held!, draft: validJudgmentFor("chat") });
    // A free-form record naming the suite is stored but counted nowhere.
    const freeForm = await submitRecord({
      actor: rater,
      draft: {
        ...withoutRater(chatDraft()),
        task: { task_id: taskIds[0]!, suite_id: suite.key, modality: "chat", prompt: "p" },
      },
    });

    const counted = await db().suiteRecord.findMany({ where: { suiteId: suite.id } });
    expect(new Map(counted.map((row) => [row.evalId, row.flow]))).toEqual(
      new Map([
        [rated.evalId, "assignment"],
        [visited.evalId, "share_link"],
        [judge.eval_id, "prefill_import"],
        [reviewed.evalId, "review"],
      ]),
    );
    expect(await db().suiteRecord.count({ where: { evalId: freeForm.evalId } })).toBe(0);
    expect((await suiteReport({ actor: admin, suiteId: suite.id, bootstrapSamples: 0 })).ratings).toBe(4);
    // The suite page's counts, by flow: the SME review beside the ratings; only admins read them.
    expect(await suiteFlowCounts({ actor: admin, suiteId: suite.id })).toEqual({
      assignment: 1,
      share_link: 1,
      review: 1,
      judge_run: 0,
      prefill_import: 1,
      correction: 0,
      adjudication: 0,
    });
    expect((await rejection(suiteFlowCounts({ actor: rater, suiteId: suite.id }))).code).toBe("FORBIDDEN");
  });
});
