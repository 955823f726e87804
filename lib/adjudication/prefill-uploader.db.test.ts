// Issue 34, item 6: the admin who imported a judge's prefills did not rate the
// items they rate. A judge record names that admin as its submitter, yet the
// admin is offered the disputed item for adjudication and may decide it.
import { createReadStream } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db, exportPool } from "@/lib/db";
import { commitImport, createImport, readImportFile } from "@/lib/imports/service";
import { submitAssignment } from "@/lib/queues/assignments";
import { nextItem } from "@/lib/queues/next-item";
import { userRater } from "@/lib/queues/queue-rater";
import { importPrefills } from "@/lib/review/prefill-import";
import { createSuite } from "@/lib/suites/service";
import { jsonl, nativeItem } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { adjudicationQueue, nextAdjudication, submitAdjudication } from "./service";

const FIXTURES = path.join(import.meta.dirname, "..", "imports", "fixtures");
const likert = (score: number) => ({ score, confidence: "high", rationale: `I give ${score}.` });

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(async () => {
  await db().$disconnect();
  await exportPool().end();
});

it("offers the admin who uploaded the judge's prefills the disputed item, and takes their decision", async () => {
  const raters = [await createTestUser(["rater"]), await createTestUser(["rater"])];
  const created = await createImport({ actor: admin, input: { format: "items" } });
  const item = {
    ...nativeItem("mt_bench:81", {}),
    task: { task_id: "mt_bench:81", suite_id: "uploader", modality: "chat" as const, prompt: "Prompt of 81" },
    subject: { system_under_test: "vicuna-13b-v1.3", modality_tags: ["chat"] },
  };
  const read = await readImportFile({ actor: admin, importId: created.id, file: jsonl([item]) as never });
  if (read.status === "awaiting_decision") await commitImport({ actor: admin, importId: created.id });
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Uploader adjudicates",
      key: `uploader-${created.id.slice(0, 8)}`,
      overlap_k: 2,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: raters.map((rater) => rater.userId),
      import_ids: [created.id],
    },
  });
  // The humans disagree by 4 on every dimension: the item needs adjudication.
  for (const [index, rater] of raters.entries()) {
    const next = await nextItem({ rater: userRater(rater), suiteId: suite.id });
    const score = index === 0 ? 1 : 5;
    await submitAssignment({
      rater: userRater(rater),
      assignmentId: next.assignmentId!,
      draft: {
        universal: {
          helpfulness: likert(score),
          instruction_following: likert(score),
          faithfulness: likert(score),
          safety_overall: likert(score),
          overall_quality: likert(score),
        },
      },
    });
  }
  const prefills = await importPrefills({
    actor: admin,
    suiteId: suite.id,
    file: createReadStream(path.join(FIXTURES, "judges", "mt_bench-single.jsonl")),
    format: "mt_bench",
    scale: "linear",
    storeValid: true,
  });
  expect(prefills).toMatchObject({ stored: 1 });
  const judgeRecord = await db().evalRecord.findFirstOrThrow({
    where: { raterType: "llm_judge", countedIn: { some: { suiteId: suite.id } } },
  });
  // The judge's record is stored under the admin who imported it…
  expect(judgeRecord.submittedById).toBe(admin.userId);

  // …but the admin did not rate the item: it is offered to them, and their decision is taken.
  const queue = await adjudicationQueue({ actor: admin, suiteId: suite.id });
  expect(queue.map((row) => [row.taskId, row.ratedByMe])).toEqual([["mt_bench:81", false]]);
  const held = await nextAdjudication({ actor: admin, suiteId: suite.id });
  expect(held).not.toBeNull();
  const decided = await submitAdjudication({
    actor: admin,
    id: held!.id,
    draft: {
      universal: {
        helpfulness: likert(3),
        instruction_following: likert(3),
        faithfulness: likert(3),
        safety_overall: likert(5),
        overall_quality: likert(3),
      },
    },
  });
  expect(decided).toMatchObject({ evalId: expect.any(String) });
});
