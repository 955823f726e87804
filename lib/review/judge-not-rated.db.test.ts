// Issue 34, item 1: a judge that gave only a preference (AlpacaEval) or one
// overall score (MT-Bench) is stored with the other universal dimensions
// marked not rated, and nothing counts those as judgments: unanimous humans
// leave no item needing adjudication, and the report's human↔judge α is the
// α of the judge's real scores alone.
import { createReadStream } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { LIKERT_DIMENSIONS } from "@/lib/aif/contract-facts";
import { validateRecord } from "@/lib/aif/validate";
import { isNotRated, NOT_RATED_MARK } from "@/lib/aif/not-rated";
import { suiteItemStatuses } from "@/lib/adjudication/service";
import { krippendorffAlpha } from "@/lib/analytics/krippendorff-alpha";
import { suiteReport } from "@/lib/analytics/suite-report";
import { db, exportPool } from "@/lib/db";
import { eeeInstancesOf } from "@/lib/export/formats/eee-instance";
import { commitImport, createImport, readImportFile } from "@/lib/imports/service";
import { submitAssignment } from "@/lib/queues/assignments";
import { nextItem } from "@/lib/queues/next-item";
import { userRater } from "@/lib/queues/queue-rater";
import { createSuite } from "@/lib/suites/service";
import { jsonl, nativeItem } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { importPrefills } from "./prefill-import";

const FIXTURES = path.join(import.meta.dirname, "..", "imports", "fixtures");
const ALPACA_PROMPTS = [
  "What are the names of some famous actors that started their careers on Broadway?",
  "How did US states get their names?",
  "Hi, my sister and her girlfriends want me to play kickball with them. Can you explain how the game is played?",
  "What is some cool music from the 1920s?",
  "How do I wrap a present neatly?",
];
/** The humans' overall quality per task: close to the MT-Bench judge's real scores (9 → 4.56, 2 → 1.44). */
const HUMAN_OVERALL: Record<string, number> = { "mt_bench:81": 5, "mt_bench:82-turn2": 1 };

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(async () => {
  await db().$disconnect();
  await exportPool().end();
});

function chatItem(taskId: string, systemUnderTest: string, prompt = `Prompt of ${taskId}`) {
  return {
    ...nativeItem(taskId, {}),
    task: { task_id: taskId, suite_id: "not-rated", modality: "chat" as const, prompt },
    subject: { system_under_test: systemUnderTest, modality_tags: ["chat"] },
  };
}

const high = (score: number) => ({ score, confidence: "high", rationale: `I give ${score}.` });

it("counts no placeholder: unanimous humans need no adjudication and human↔judge α is that of the real scores", async () => {
  const raters = [await createTestUser(["rater"]), await createTestUser(["rater"])];
  const created = await createImport({ actor: admin, input: { format: "items" } });
  const read = await readImportFile({
    actor: admin,
    importId: created.id,
    file: jsonl([
      chatItem("mt_bench:81", "vicuna-13b-v1.3"),
      chatItem("mt_bench:82-turn2", "vicuna-13b-v1.3"),
      ...ALPACA_PROMPTS.map((prompt, index) => chatItem(`alpaca:${index}`, "my-model", prompt)),
    ]) as never,
  });
  if (read.status === "awaiting_decision") await commitImport({ actor: admin, importId: created.id });
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Placeholders",
      key: `placeholders-${created.id.slice(0, 8)}`,
      overlap_k: 2,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: raters.map((rater) => rater.userId),
      import_ids: [created.id],
    },
  });
  // Both humans give every item 5 on four dimensions and the same overall quality: unanimous everywhere.
  for (const rater of raters) {
    for (;;) {
      const next = await nextItem({ rater: userRater(rater), suiteId: suite.id });
      if (!next.assignmentId) break;
      const { suiteItem } = await db().assignment.findUniqueOrThrow({
        where: { id: next.assignmentId },
        include: { suiteItem: { include: { item: true } } },
      });
      await submitAssignment({
        rater: userRater(rater),
        assignmentId: next.assignmentId,
        draft: {
          universal: {
            helpfulness: high(5),
            instruction_following: high(5),
            faithfulness: high(5),
            safety_overall: high(5),
            overall_quality: high(HUMAN_OVERALL[suiteItem.item.taskId] ?? 4),
          },
        },
      });
    }
  }
  const run = (format: "mt_bench" | "alpaca_eval", file: string) =>
    importPrefills({
      actor: admin,
      suiteId: suite.id,
      file: createReadStream(path.join(FIXTURES, file)),
      format,
      scale: "linear",
      storeValid: true,
    });
  expect(await run("mt_bench", "judges/mt_bench-single.jsonl")).toMatchObject({ stored: 2 });
  expect(await run("alpaca_eval", "judges/alpaca_eval-annotations.json")).toMatchObject({ stored: 5 });

  const judged = (
    await db().evalRecord.findMany({ where: { reviewTask: { suiteId: suite.id } }, select: { body: true } })
  ).map(
    (row) => row.body as Record<string, unknown> & { task: { task_id: string }; universal: Record<string, unknown> },
  );
  expect(judged).toHaveLength(7);
  for (const body of judged) {
    // Still a valid AIF record, with every dimension the source did not rate marked.
    expect(validateRecord(body)).toEqual([]);
    const fromMtBench = body.task.task_id.startsWith("mt_bench:");
    for (const dimension of ["helpfulness", "instruction_following", "faithfulness", "safety_overall"])
      expect(body.universal[dimension]).toMatchObject({ anchors_used: NOT_RATED_MARK, confidence: "low" });
    expect(isNotRated(body.universal.overall_quality)).toBe(!fromMtBench);
    // The Every Eval Ever export gives a line only for a real score.
    expect(eeeInstancesOf(body).map((line) => line.evaluation_name)).toEqual(
      fromMtBench ? ["aif.universal.overall_quality"] : [],
    );
  }

  const statuses = await suiteItemStatuses({ actor: admin, suiteId: suite.id });
  expect(statuses.items.flatMap((item) => item.reasons)).toEqual([]);
  expect(statuses.counts).toMatchObject({ unanimous: 7, needs_adjudication: 0 });

  // α from the judge's real scores alone: one unit per human × judge rating of an item, overall quality only.
  const realJudgeScore = new Map(
    judged
      .filter((body) => !isNotRated(body.universal.overall_quality))
      .map((body) => [body.task.task_id, (body.universal.overall_quality as { score: number }).score]),
  );
  expect([...realJudgeScore].sort()).toEqual([
    ["mt_bench:81", 4.56],
    ["mt_bench:82-turn2", 1.44],
  ]);
  const units = [...realJudgeScore].flatMap(([taskId, judge]) => raters.map(() => [HUMAN_OVERALL[taskId]!, judge]));
  const expected = krippendorffAlpha(units, { level: "ordinal" });
  expect(expected.alpha).not.toBeNull();

  const report = await suiteReport({ actor: admin, suiteId: suite.id, bootstrapSamples: 20 });
  const byDimension = new Map(report.likert.map((row) => [row.dimension, row]));
  expect(byDimension.get("universal.overall_quality")!.humanJudge).toMatchObject({ units: 4 });
  expect(byDimension.get("universal.overall_quality")!.humanJudge.alpha).toBeCloseTo(expected.alpha!, 12);
  for (const dimension of LIKERT_DIMENSIONS.filter(
    (name) => name.startsWith("universal.") && name !== "universal.overall_quality",
  )) {
    expect(byDimension.get(dimension)?.humanJudge ?? { units: 0 }).toMatchObject({ units: 0 });
    const trust = report.judgeTrust.find((row) => row.dimension === dimension);
    expect(trust?.pairs ?? 0).toBe(0);
  }
});
