// Gold calibration from stored ratings (the record carries the gold item's
// calibration target), drift warnings, the rater's own feedback, and slices.
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createImport, readImportFile } from "@/lib/imports/service";
import { validJudgmentFor } from "@/lib/judge/sample-judgments";
import { submitAssignment } from "@/lib/queues/assignments";
import { nextItem } from "@/lib/queues/next-item";
import { userRater } from "@/lib/queues/queue-rater";
import { createSuite } from "@/lib/suites/service";
import { jsonl, nativeItem } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { calibrationFeedback } from "./calibration-target";
import { suiteCalibration } from "./suite-calibration";
import { suiteReport } from "./suite-report";

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(() => db().$disconnect());

it("flags the rater who drifts from the gold answers, tells each rater how they did, and slices by item tag", async () => {
  const prefix = `gold-${Date.now()}`;
  const items = Array.from({ length: 6 }, (_, index) =>
    nativeItem(`${prefix}-${index}`, {
      task: {
        task_id: `${prefix}-${index}`,
        modality: "chat",
        prompt: `Prompt of ${prefix}-${index}`,
        gold_item_id: `g-${index}`,
        calibration_target: { universal: { helpfulness: { score: 4 } } },
      },
      tags: { lang: index < 3 ? "en" : "de" },
    }),
  );
  const created = await createImport({ actor: admin, input: { format: "items", file_name: "gold.jsonl" } });
  expect((await readImportFile({ actor: admin, importId: created.id, file: jsonl(items) })).status).toBe("committed");
  const [steady, drifting] = [
    await createTestUser(["rater"], { label: "steady" }),
    await createTestUser(["rater"], { label: "drifting" }),
  ];
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Gold",
      key: prefix,
      overlap_k: 2,
      gold_share: 1,
      hold_minutes: 30,
      rater_ids: [steady.userId, drifting.userId],
      import_ids: [created.id],
    },
  });

  const feedback: Record<string, number[]> = { steady: [], drifting: [] };
  for (const [label, rater, score] of [
    ["steady", steady, 4],
    ["drifting", drifting, 1],
  ] as const) {
    for (let rated = 0; ; rated += 1) {
      const next = await nextItem({ rater: userRater(rater), suiteId: suite.id });
      if (!next.assignmentId) break;
      // The drifting rater says "high" on three gold items and "low" on three, wrong by 3 each time.
      const confidence = label === "drifting" && rated >= 3 ? "low" : "high";
      const universal = { ...validJudgmentFor("chat").universal, helpfulness: { score, confidence, rationale: "r" } };
      const result = await submitAssignment({
        rater: userRater(rater),
        assignmentId: next.assignmentId,
        draft: { universal },
      });
      feedback[label]!.push(...calibrationFeedback(result.record!).map((entry) => entry.error));
    }
  }
  expect(feedback).toEqual({ steady: [0, 0, 0, 0, 0, 0], drifting: [-3, -3, -3, -3, -3, -3] });

  const calibration = await suiteCalibration({ actor: admin, suiteId: suite.id });
  expect(calibration.goldRatings).toBe(12);
  expect(calibration.raters.map((rater) => [rater.rater, rater.drifting])).toEqual([
    [`human:${drifting.userId}`, ["universal.helpfulness"]],
    [`human:${steady.userId}`, []],
  ]);
  expect(calibration.raters[0]!.dimensions[0]).toMatchObject({
    ratings: 6,
    meanSignedError: -3,
    meanAbsoluteError: 3,
    recentAbsoluteError: 3,
  });
  // Confidence against gold: the drifting rater's "high" is no more accurate than their "low".
  expect(calibration.confidence.overall).toEqual([
    { level: "low", ratings: 3, meanAbsoluteError: 3 },
    { level: "medium", ratings: 0, meanAbsoluteError: null },
    { level: "high", ratings: 9, meanAbsoluteError: 1 },
  ]);
  expect(calibration.confidence.raters.map((rater) => [rater.name, rater.highNoBetterThanLow]).sort()).toEqual(
    [
      [drifting.name, true],
      [steady.name, false],
    ].sort(),
  );

  const german = await suiteReport({ actor: admin, suiteId: suite.id, slice: { tag: "lang=de" }, bootstrapSamples: 0 });
  expect([german.ratings, german.items]).toEqual([6, 3]);
  expect(german.sliceOptions.tags).toEqual(["lang=de", "lang=en"]);
  const agentOnly = await suiteReport({
    actor: admin,
    suiteId: suite.id,
    slice: { modality: "agent" },
    bootstrapSamples: 0,
  });
  expect(agentOnly.ratings).toBe(0);
});
