// Issue 34, item 6: who the calibration tables count. An adjudicator's
// authoritative records are decisions over others' ratings, not their own
// ratings of gold items (they were counted as such, and an SME was flagged as
// drifting on their decisions); and both "do raters know when they know"
// tables — against gold and against adjudicated answers — count people only
// (the second counted the judge too).
import { Readable } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { nextAdjudication, submitAdjudication } from "@/lib/adjudication/service";
import { db, exportPool } from "@/lib/db";
import { createImport, readImportFile } from "@/lib/imports/service";
import { validJudgmentFor } from "@/lib/judge/sample-judgments";
import { submitAssignment } from "@/lib/queues/assignments";
import { nextItem } from "@/lib/queues/next-item";
import { userRater } from "@/lib/queues/queue-rater";
import { importPrefills } from "@/lib/review/prefill-import";
import { createSuite } from "@/lib/suites/service";
import { jsonl, nativeItem } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { suiteCalibration } from "./suite-calibration";
import { suiteReport } from "./suite-report";

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(async () => {
  await db().$disconnect();
  await exportPool().end();
});

it("counts neither the adjudicator's decisions as gold ratings nor the judge in either confidence table", async () => {
  const prefix = `pop-${Date.now()}`;
  const items = Array.from({ length: 3 }, (_, index) =>
    nativeItem(`${prefix}-${index}`, {
      task: {
        task_id: `${prefix}-${index}`,
        modality: "chat",
        prompt: `Prompt of ${prefix}-${index}`,
        gold_item_id: `g-${index}`,
        calibration_target: { universal: { helpfulness: { score: 4 } } },
      },
    }),
  );
  const created = await createImport({ actor: admin, input: { format: "items", file_name: "gold.jsonl" } });
  expect((await readImportFile({ actor: admin, importId: created.id, file: jsonl(items) })).status).toBe("committed");
  const raters = [await createTestUser(["rater"]), await createTestUser(["rater"])];
  const sme = await createTestUser(["sme"]);
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Populations",
      key: prefix,
      overlap_k: 2,
      gold_share: 1,
      hold_minutes: 30,
      rater_ids: [...raters, sme].map((user) => user.userId),
      import_ids: [created.id],
    },
  });
  // 4 and 1 on every gold item: each needs adjudication.
  const valid = validJudgmentFor("chat");
  for (const [index, rater] of raters.entries()) {
    for (;;) {
      const next = await nextItem({ rater: userRater(rater), suiteId: suite.id });
      if (!next.assignmentId) break;
      const helpfulness = { score: index === 0 ? 4 : 1, confidence: "high", rationale: "r" };
      await submitAssignment({
        rater: userRater(rater),
        assignmentId: next.assignmentId,
        draft: { universal: { ...valid.universal, helpfulness }, safety: valid.safety },
      });
    }
  }
  // A judge rated every item too (an AIF prefill with its own confidences).
  const judged = items.map((item) => ({
    rater: { type: "llm_judge", id: "judge@p1", model: "judge-model", version: "p1" },
    task: { task_id: item.task.task_id, modality: "chat", prompt: item.task.prompt },
    subject: item.subject,
    universal: { ...valid.universal, helpfulness: { score: 2, confidence: "high", rationale: "judge" } },
    safety: valid.safety,
  }));
  const prefills = await importPrefills({
    actor: admin,
    suiteId: suite.id,
    file: Readable.from([judged.map((record) => JSON.stringify(record)).join("\n") + "\n"]),
  });
  expect(prefills).toMatchObject({ stored: 3, refused: 0 });
  // The SME decides every item, far from gold on helpfulness (1 where gold says 4).
  for (;;) {
    const task = await nextAdjudication({ actor: sme, suiteId: suite.id });
    if (!task) break;
    await submitAdjudication({
      actor: sme,
      id: task.id,
      draft: {
        universal: { ...valid.universal, helpfulness: { score: 1, confidence: "high", rationale: "d" } },
        safety: valid.safety,
      },
    });
  }
  expect(await db().adjudication.count({ where: { suiteId: suite.id } })).toBe(3);

  const calibration = await suiteCalibration({ actor: admin, suiteId: suite.id });
  // Gold ratings are the two raters' six; the SME's decisions are none of them.
  expect(calibration.goldRatings).toBe(6);
  const counted = (list: { rater: string }[]) => [...new Set(list.map((entry) => entry.rater))].sort();
  const people = raters.map((rater) => `human:${rater.userId}`).sort();
  expect(counted(calibration.raters)).toEqual(people);
  expect(counted(calibration.confidence.raters)).toEqual(people);

  // Against adjudicated answers: the same population, never the judge.
  const report = await suiteReport({ actor: admin, suiteId: suite.id, bootstrapSamples: 0 });
  expect(report.lessons.adjudicatedItems).toBe(3);
  expect(counted(report.lessons.confidence.raters)).toEqual(people);
});
