// What adjudication teaches, on stored ratings: after one item is adjudicated
// the report has its α before and after, who gave the value kept, and the
// error at each confidence level against the adjudicated answer; the JSON
// answer matches its contract.
import { afterAll, beforeAll, expect, it } from "vitest";
import { nextAdjudication, submitAdjudication } from "@/lib/adjudication/service";
import { SuiteReportSchema } from "@/lib/api-schemas/suites";
import { db } from "@/lib/db";
import { validJudgmentFor } from "@/lib/judge/sample-judgments";
import { submitAssignment } from "@/lib/queues/assignments";
import { nextItem } from "@/lib/queues/next-item";
import { userRater } from "@/lib/queues/queue-rater";
import { createSuite } from "@/lib/suites/service";
import { importTestItems } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { krippendorffAlpha } from "./krippendorff-alpha";
import { suiteReport } from "./suite-report";
import { suiteReportJson } from "./suite-report-json";

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(() => db().$disconnect());

/** Every score of `universal` at one confidence, so that each level's count is known. */
const withConfidence = (universal: Record<string, unknown>, confidence: string) =>
  Object.fromEntries(
    Object.entries(universal).map(([key, value]) => [
      key,
      typeof value === "object" && value !== null && "score" in value ? { ...value, confidence } : value,
    ]),
  );
const likert = (score: number, confidence: string) => ({ score, confidence, rationale: `score ${score}` });

it("reports α before and after adjudication, each rater's kept values, and confidence against adjudicated answers", async () => {
  const raters = [await createTestUser(["rater"]), await createTestUser(["rater"]), await createTestUser(["rater"])];
  const sme = await createTestUser(["sme"]);
  const { importId, taskIds } = await importTestItems(admin, 3);
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Lessons",
      key: `lessons-${importId.slice(0, 8)}`,
      overlap_k: 3,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: [...raters, sme].map((user) => user.userId),
      import_ids: [importId],
    },
  });
  // Helpfulness: task 0 (1, 4, 2) is adjudicated to 2; task 1 (3, 5, 4) and task 2 (5, 5, 5) are not.
  const scores: Record<string, number[]> = {
    [taskIds[0]!]: [1, 4, 2],
    [taskIds[1]!]: [3, 5, 4],
    [taskIds[2]!]: [5, 5, 5],
  };
  const confidences = ["high", "low", "high"];
  const valid = validJudgmentFor("chat");
  for (const [index, rater] of raters.entries()) {
    for (;;) {
      const next = await nextItem({ rater: userRater(rater), suiteId: suite.id });
      if (!next.assignmentId) break;
      const { suiteItem } = await db().assignment.findUniqueOrThrow({
        where: { id: next.assignmentId },
        include: { suiteItem: { include: { item: true } } },
      });
      const score = scores[suiteItem.item.taskId]![index]!;
      await submitAssignment({
        rater: userRater(rater),
        assignmentId: next.assignmentId,
        draft: {
          universal: {
            ...withConfidence(valid.universal, confidences[index]!),
            helpfulness: likert(score, confidences[index]!),
          },
          safety: valid.safety,
        },
      });
    }
  }
  const before = await suiteReport({ actor: admin, suiteId: suite.id, bootstrapSamples: 0 });
  expect(before.lessons.adjudicatedItems).toBe(0);
  expect(before.lessons.alpha).toEqual([]);

  const task = (await nextAdjudication({ actor: sme, suiteId: suite.id }))!;
  const decision = { universal: { ...valid.universal, helpfulness: likert(2, "high") }, safety: valid.safety };
  await submitAdjudication({ actor: sme, id: task.id, draft: decision });

  const report = await suiteReport({ actor: admin, suiteId: suite.id, bootstrapSamples: 0 });
  expect(report.computed.cached).toBe(false);
  const { lessons } = report;
  expect(lessons.adjudicatedItems).toBe(1);
  const helpfulness = lessons.alpha.find((entry) => entry.dimension === "universal.helpfulness")!;
  expect(helpfulness.before).toBe(
    report.likert.find((entry) => entry.dimension === "universal.helpfulness")!.humanHuman.alpha,
  );
  expect(helpfulness.after).toBeCloseTo(
    krippendorffAlpha(
      [
        [2, 2, 2],
        [3, 5, 4],
        [5, 5, 5],
      ],
      { level: "ordinal" },
    ).alpha!,
    12,
  );
  expect([helpfulness.units, helpfulness.adjudicatedUnits]).toEqual([3, 1]);

  // The answer kept the third rater's 2; the first was 1 off, the second 2 off.
  const fieldOf = (userId: string) =>
    lessons.raters
      .find((rater) => rater.rater === `human:${userId}`)!
      .adjudicated!.fields.find((field) => field.field === "universal.helpfulness");
  expect(fieldOf(raters[0]!.userId)).toEqual({
    field: "universal.helpfulness",
    compared: 1,
    kept: 0,
    meanAbsoluteError: 1,
  });
  expect(fieldOf(raters[1]!.userId)).toEqual({
    field: "universal.helpfulness",
    compared: 1,
    kept: 0,
    meanAbsoluteError: 2,
  });
  expect(fieldOf(raters[2]!.userId)).toEqual({
    field: "universal.helpfulness",
    compared: 1,
    kept: 1,
    meanAbsoluteError: 0,
  });
  expect(lessons.raters.every((rater) => rater.gold === null)).toBe(true);

  // Confidence against the answer: helpfulness errors 1 (high) and 0 (high) and 2 (low); the other dimensions match it (error 0).
  const levels = Object.fromEntries(lessons.confidence.overall.map((level) => [level.level, level]));
  // The second rater (low) scored every dimension: errors 2 and zeros; the other two (high): 1, 0 and zeros.
  expect(levels.high!.ratings).toBe(2 * levels.low!.ratings);
  expect(levels.medium!.ratings).toBe(0);
  expect(levels.low!.meanAbsoluteError).toBeCloseTo(2 / levels.low!.ratings, 12);
  expect(levels.high!.meanAbsoluteError).toBeCloseTo(1 / levels.high!.ratings, 12);

  // The JSON answer holds to its contract.
  const json = SuiteReportSchema.parse(JSON.parse(JSON.stringify(suiteReportJson(report))));
  expect(json.adjudication_lessons.adjudicated_items).toBe(1);
});
