// The suite report from stored records: ratings are grouped by item (task and
// system under test), the pairings are kept apart, and only admins see it.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { AIF_SCHEMA_VERSION } from "@/lib/aif/contract";
import { db } from "@/lib/db";
import { validJudgmentFor } from "@/lib/judge/sample-judgments";
import { importPrefills } from "@/lib/review/prefill-import";
import { submitAssignment } from "@/lib/queues/assignments";
import { nextItem } from "@/lib/queues/next-item";
import { userRater } from "@/lib/queues/queue-rater";
import { createSuite } from "@/lib/suites/service";
import { importTestItems, jsonl } from "@/lib/testing/test-items";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { suiteReport } from "./suite-report";

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(() => db().$disconnect());

const likert = (score: number) => ({ score, confidence: "high", rationale: `score ${score}` });

it("reports human↔human and human↔judge agreement and judge trust from the suite's records", async () => {
  const raters = [await createTestUser(["rater"]), await createTestUser(["rater"])];
  const { importId, taskIds } = await importTestItems(admin, 4);
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Report",
      key: `report-${importId.slice(0, 8)}`,
      overlap_k: 2,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: raters.map((rater) => rater.userId),
      import_ids: [importId],
    },
  });
  const scoreOf = (taskId: string) => 1 + taskIds.indexOf(taskId);
  // Both raters give every item the same helpfulness (1..4 by item).
  for (const rater of raters) {
    for (;;) {
      const next = await nextItem({ rater: userRater(rater), suiteId: suite.id });
      if (!next.assignmentId) break;
      const taskId = (
        await db().assignment.findUniqueOrThrow({
          where: { id: next.assignmentId },
          include: { suiteItem: { include: { item: true } } },
        })
      ).suiteItem.item.taskId;
      const universal = { ...validJudgmentFor("chat").universal, helpfulness: likert(scoreOf(taskId)) };
      await submitAssignment({ rater: userRater(rater), assignmentId: next.assignmentId, draft: { universal } });
    }
  }
  // The judge says 5 everywhere.
  const judgeRecords = taskIds.map((taskId) => ({
    schema_version: AIF_SCHEMA_VERSION,
    eval_id: randomUUID(),
    created_at: "2026-11-01T00:00:00.000Z",
    rater: { type: "llm_judge", id: "j#1" },
    task: { task_id: taskId, suite_id: suite.key, modality: "chat", prompt: `Prompt of ${taskId}` },
    subject: { system_under_test: "Test Model", modality_tags: ["chat"] },
    ...validJudgmentFor("chat", { universal: { ...validJudgmentFor("chat").universal, helpfulness: likert(5) } }),
  }));
  const imported = await importPrefills({ actor: admin, suiteId: suite.id, file: jsonl(judgeRecords) });
  expect(imported.stored).toBe(4);

  const report = await suiteReport({ actor: admin, suiteId: suite.id, bootstrapSamples: 100 });
  expect([report.ratings, report.items]).toEqual([12, 4]);
  const helpfulness = report.likert.find((entry) => entry.dimension === "universal.helpfulness")!;
  expect(helpfulness.humanHuman).toMatchObject({ alpha: 1, units: 4, values: 8 });
  expect(helpfulness.humanJudge.units).toBe(8);
  expect(helpfulness.humanJudge.alpha).toBeLessThan(0);
  const trust = report.judgeTrust.find((entry) => entry.dimension === "universal.helpfulness")!;
  expect(trust.pairs).toBe(8);
  expect(trust.meanAbsoluteDifference).toBeCloseTo(2.5, 10);
  expect(report.likert.map((entry) => entry.dimension)).toContain("chat.consistency_across_turns");
  expect(report.likert.map((entry) => entry.dimension)).not.toContain("agent.plan_quality");

  expect((await rejection(suiteReport({ actor: raters[0]!, suiteId: suite.id }))).code).toBe("FORBIDDEN");

  // The same data gives the cached report; a new rating makes it recompute.
  const again = await suiteReport({ actor: admin, suiteId: suite.id, bootstrapSamples: 100 });
  expect(again.computed.cached).toBe(true);
  expect(again.likert).toEqual(report.likert);
  const third = await createTestUser(["rater"]);
  await db().suiteRater.create({ data: { suiteId: suite.id, userId: third.userId } });
  await db().$executeRaw`UPDATE suite_item SET slots_left = 1 WHERE suite_id = ${suite.id}::uuid`;
  const next = await nextItem({ rater: userRater(third), suiteId: suite.id });
  await submitAssignment({
    rater: userRater(third),
    assignmentId: next.assignmentId!,
    draft: { universal: validJudgmentFor("chat").universal },
  });
  const fresh = await suiteReport({ actor: admin, suiteId: suite.id, bootstrapSamples: 100 });
  expect(fresh.computed.cached).toBe(false);
  expect(fresh.ratings).toBe(13);
});
