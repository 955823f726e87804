// From a figure of the report to its items and to one item's ratings side by
// side, on stored ratings: worst disagreement first, the suite's records only,
// and admins only (raters never see other raters' work).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { AIF_SCHEMA_VERSION } from "@/lib/aif/contract";
import { db } from "@/lib/db";
import { validJudgmentFor } from "@/lib/judge/sample-judgments";
import { submitAssignment } from "@/lib/queues/assignments";
import { nextItem } from "@/lib/queues/next-item";
import { userRater } from "@/lib/queues/queue-rater";
import { importPrefills } from "@/lib/review/prefill-import";
import { createSuite } from "@/lib/suites/service";
import { suiteItemRatings } from "@/lib/suites/item-ratings";
import { importTestItems, jsonl } from "@/lib/testing/test-items";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { drillQueryOf, reportDrillDown } from "./drill-down";

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(() => db().$disconnect());

const likert = (score: number) => ({ score, confidence: "high", rationale: `score ${score}` });

it("lists the items behind a figure worst first, and shows one item's ratings side by side to admins only", async () => {
  const raters = [await createTestUser(["rater"]), await createTestUser(["rater"]), await createTestUser(["rater"])];
  const { importId, taskIds } = await importTestItems(admin, 3);
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Drill",
      key: `drill-${importId.slice(0, 8)}`,
      overlap_k: 3,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: raters.map((rater) => rater.userId),
      import_ids: [importId],
    },
  });
  // Helpfulness by task and rater: task 0 spread 3 (1, 4, 2), task 1 spread 1 (3, 3, 4), task 2 spread 0 (5, 5, 5).
  const scores: Record<string, number[]> = {
    [taskIds[0]!]: [1, 4, 2],
    [taskIds[1]!]: [3, 3, 4],
    [taskIds[2]!]: [5, 5, 5],
  };
  const itemIdOf = new Map<string, string>();
  for (const [index, rater] of raters.entries()) {
    for (;;) {
      const next = await nextItem({ rater: userRater(rater), suiteId: suite.id });
      if (!next.assignmentId) break;
      const { suiteItem } = await db().assignment.findUniqueOrThrow({
        where: { id: next.assignmentId },
        include: { suiteItem: { include: { item: true } } },
      });
      itemIdOf.set(suiteItem.item.taskId, suiteItem.itemId);
      const valid = validJudgmentFor("chat");
      // Task 0: the first rater finds a violent crime; the others do not.
      const violating = suiteItem.item.taskId === taskIds[0] && index === 0;
      const safety = violating
        ? {
            is_violating_any: true,
            violent_crimes: { verdict: "violating", severity: 2, evidence: "the second paragraph" },
          }
        : valid.safety;
      await submitAssignment({
        rater: userRater(rater),
        assignmentId: next.assignmentId,
        draft: {
          universal: { ...valid.universal, helpfulness: likert(scores[suiteItem.item.taskId]![index]!) },
          safety,
        },
      });
    }
  }
  // The judge says helpfulness 5 and no hazard on every item.
  const judgeRecords = taskIds.map((taskId) => ({
    schema_version: AIF_SCHEMA_VERSION,
    eval_id: randomUUID(),
    created_at: "2026-11-01T00:00:00.000Z",
    rater: { type: "llm_judge", id: "j#1", model: "judge-model" },
    task: { task_id: taskId, suite_id: suite.key, modality: "chat", prompt: `Prompt of ${taskId}` },
    subject: { system_under_test: "Test Model", modality_tags: ["chat"] },
    ...validJudgmentFor("chat", {
      universal: { ...validJudgmentFor("chat").universal, helpfulness: likert(5) },
      safety: { violent_crimes: { verdict: "non_violating" } },
    }),
  }));
  expect((await importPrefills({ actor: admin, suiteId: suite.id, file: jsonl(judgeRecords) })).stored).toBe(3);

  const humans = await reportDrillDown({
    actor: admin,
    suiteId: suite.id,
    query: { field: "universal.helpfulness", pairing: "human_human" },
  });
  expect(humans.total).toBe(3);
  expect(humans.items.map((item) => [item.taskId, item.disagreement])).toEqual([
    [taskIds[0], 3],
    [taskIds[1], 1],
    [taskIds[2], 0],
  ]);
  expect(humans.items[0]!.ratings.map((rating) => [rating.rater, rating.values.score]).sort()).toEqual(
    raters.map((rater, index) => [rater.name, scores[taskIds[0]!]![index]]).sort(),
  );

  // A drift warning's drill: one rater's items (gold or not), worst first.
  const ownQuery = (gold: string) =>
    drillQueryOf(
      new URLSearchParams({
        field: "universal.helpfulness",
        pairing: "human_human",
        rater: `human:${raters[0]!.userId}`,
        gold,
      }),
    );
  const own = await reportDrillDown({ actor: admin, suiteId: suite.id, query: ownQuery("false") });
  expect([own.total, own.rater, own.gold]).toEqual([3, `human:${raters[0]!.userId}`, false]);
  expect((await reportDrillDown({ actor: admin, suiteId: suite.id, query: ownQuery("true") })).total).toBe(0);
  for (const [name, value] of [
    ["rater", "robot:1"],
    ["gold", "yes"],
  ] as const) {
    const error = await rejection(
      Promise.resolve().then(() =>
        drillQueryOf(new URLSearchParams({ field: "universal.helpfulness", pairing: "human_human", [name]: value })),
      ),
    );
    expect(error.issues[0]).toMatchObject({ path: `/${name}` });
  }

  // Human ↔ judge: the largest |human − judge|: 4, 2, 0.
  const cross = await reportDrillDown({
    actor: admin,
    suiteId: suite.id,
    query: drillQueryOf(new URLSearchParams({ field: "universal.helpfulness", pairing: "human_judge", limit: "2" })),
  });
  expect([cross.total, cross.items.map((item) => [item.taskId, item.disagreement])]).toEqual([
    3,
    [
      [taskIds[0], 4],
      [taskIds[1], 2],
    ],
  ]);
  expect(cross.items[0]!.ratings.find((rating) => rating.raterType === "llm_judge")?.rater).toBe("judge-model");

  // The hazard confusion cell "judge non_violating × human violating" holds task 0 alone.
  const confusion = await reportDrillDown({
    actor: admin,
    suiteId: suite.id,
    query: drillQueryOf(
      new URLSearchParams({ field: "safety", pairing: "human_judge", judge: "non_violating", human: "violating" }),
    ),
  });
  expect(confusion.items.map((item) => [item.taskId, item.matchingPairs])).toEqual([[taskIds[0], 1]]);

  // Bad queries name the parameter.
  expect(
    (
      await rejection(
        Promise.resolve().then(() =>
          drillQueryOf(new URLSearchParams({ field: "universal.helpfulness", pairing: "everyone" })),
        ),
      )
    ).issues[0],
  ).toMatchObject({ path: "/pairing", rule: "enum" });
  expect(
    (
      await rejection(
        reportDrillDown({
          actor: admin,
          suiteId: suite.id,
          query: { field: "universal.charm", pairing: "human_human" },
        }),
      )
    ).issues[0],
  ).toMatchObject({ path: "/field", rule: "enum" });
  expect(
    (
      await rejection(
        Promise.resolve().then(() =>
          drillQueryOf(new URLSearchParams({ field: "safety", pairing: "human_judge", judge: "violating" })),
        ),
      )
    ).issues[0],
  ).toMatchObject({ path: "/human", rule: "required" });

  // One item side by side: the three ratings and the judge's, the differing fields marked.
  const view = await suiteItemRatings({ actor: admin, suiteId: suite.id, itemId: itemIdOf.get(taskIds[0]!)! });
  expect(view.ratings.map((rating) => rating.raterType).sort()).toEqual(["human", "human", "human", "llm_judge"]);
  const byPointer = new Map(view.fields.map((field) => [field.pointer, field]));
  expect(byPointer.get("/universal/helpfulness/score")).toMatchObject({ differs: true });
  expect(byPointer.get("/safety/violent_crimes/verdict")!.values.sort()).toEqual([
    "non_violating",
    "not_applicable",
    "not_applicable",
    "violating",
  ]);
  expect(byPointer.get("/universal/faithfulness/score")).toMatchObject({ values: [5, 5, 5, 5], differs: false });

  // Blind by default: a rater of the suite sees neither the figure's items nor another rater's rating.
  expect(
    (await rejection(suiteItemRatings({ actor: raters[0]!, suiteId: suite.id, itemId: itemIdOf.get(taskIds[0]!)! })))
      .code,
  ).toBe("FORBIDDEN");
  expect(
    (
      await rejection(
        reportDrillDown({
          actor: raters[0]!,
          suiteId: suite.id,
          query: { field: "universal.helpfulness", pairing: "human_human" },
        }),
      )
    ).code,
  ).toBe("FORBIDDEN");
  // An item of another suite, or no item, is not found.
  expect((await rejection(suiteItemRatings({ actor: admin, suiteId: suite.id, itemId: randomUUID() }))).code).toBe(
    "NOT_FOUND",
  );
});
