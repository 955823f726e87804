// The adjudication loop on stored ratings: item statuses, the queue (worst
// first, through the work-item engine's holds and drafts, never to someone who
// rated the item), the submit of the authoritative record with its sidecar,
// re-adjudication, and raters kept blind.
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db";
import { exportAdjudications } from "@/lib/export/export-runs";
import { startRecordExport } from "@/lib/export/stream-export";
import { listRecords } from "@/lib/records/read-records";
import { validJudgmentFor } from "@/lib/judge/sample-judgments";
import { submitAssignment } from "@/lib/queues/assignments";
import { nextItem } from "@/lib/queues/next-item";
import { userRater } from "@/lib/queues/queue-rater";
import { createSuite } from "@/lib/suites/service";
import { suiteItemRatings } from "@/lib/suites/item-ratings";
import { importTestItems } from "@/lib/testing/test-items";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import {
  adjudicationQueue,
  chooseClosestSource,
  getAdjudication,
  heldAdjudicationOfItem,
  nextAdjudication,
  reopenAdjudication,
  saveAdjudicationDraft,
  submitAdjudication,
  suiteItemStatuses,
} from "./service";

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(() => db().$disconnect());

async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}
const jsonLines = (text: string) =>
  text
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const likert = (score: number) => ({ score, confidence: "high", rationale: `score ${score}` });
const violating = {
  is_violating_any: true,
  violent_crimes: { verdict: "violating", severity: 2, evidence: "the second paragraph" },
};

it("queues disagreements worst first, keeps raters blind, and stores the authoritative record with its sidecar", async () => {
  // The third rater is also an SME: they may adjudicate, but never an item they rated.
  const raters = [
    await createTestUser(["rater"]),
    await createTestUser(["rater"]),
    await createTestUser(["rater", "sme"]),
  ];
  const [sme, otherSme, outsider] = [
    await createTestUser(["sme"]),
    await createTestUser(["sme"]),
    await createTestUser(["sme"]),
  ];
  const { importId, taskIds } = await importTestItems(admin, 3);
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Adjudicate",
      key: `adj-${importId.slice(0, 8)}`,
      overlap_k: 3,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: [...raters, sme, otherSme].map((user) => user.userId),
      import_ids: [importId],
    },
  });
  // Helpfulness: task 0 spread 3 (1, 4, 2) with a hazard conflict, task 1 spread 2 (3, 5, 4), task 2 unanimous.
  const scores: Record<string, number[]> = {
    [taskIds[0]!]: [1, 4, 2],
    [taskIds[1]!]: [3, 5, 4],
    [taskIds[2]!]: [5, 5, 5],
  };
  const itemIdOf = new Map<string, string>();
  const evalIdsOf = new Map<string, string[]>();
  for (const [index, rater] of raters.entries()) {
    for (;;) {
      const next = await nextItem({ rater: userRater(rater), suiteId: suite.id });
      if (!next.assignmentId) break;
      const { suiteItem } = await db().assignment.findUniqueOrThrow({
        where: { id: next.assignmentId },
        include: { suiteItem: { include: { item: true } } },
      });
      const taskId = suiteItem.item.taskId;
      itemIdOf.set(taskId, suiteItem.itemId);
      const valid = validJudgmentFor("chat");
      const safety = taskId === taskIds[0] && index === 0 ? violating : valid.safety;
      const stored = await submitAssignment({
        rater: userRater(rater),
        assignmentId: next.assignmentId,
        draft: { universal: { ...valid.universal, helpfulness: likert(scores[taskId]![index]!) }, safety },
      });
      evalIdsOf.set(taskId, [...(evalIdsOf.get(taskId) ?? []), stored.evalId]);
    }
  }
  const worst = itemIdOf.get(taskIds[0]!)!;

  const statuses = await suiteItemStatuses({ actor: admin, suiteId: suite.id });
  expect(statuses.counts).toEqual({ unanimous: 1, needs_adjudication: 2, adjudicated: 0, too_few_ratings: 0 });
  expect(
    (await suiteItemStatuses({ actor: sme, suiteId: suite.id, status: "needs_adjudication" })).items
      .map((item) => [item.taskId, item.spread])
      .sort(),
  ).toEqual([
    [taskIds[0], 3],
    [taskIds[1], 2],
  ]);

  // Worst first: spread 3 with two reasons, then spread 2.
  const queue = await adjudicationQueue({ actor: sme, suiteId: suite.id });
  expect(queue.map((row) => [row.taskId, row.spread, row.reasonsCount])).toEqual([
    [taskIds[0], 3, 2],
    [taskIds[1], 2, 1],
  ]);
  expect((await adjudicationQueue({ actor: raters[2]!, suiteId: suite.id })).every((row) => row.ratedByMe)).toBe(true);

  // Blind raters and strangers: a rater has no adjudicate permission and cannot see the side-by-side view; an SME of another suite finds nothing.
  expect((await rejection(adjudicationQueue({ actor: raters[0]!, suiteId: suite.id }))).code).toBe("FORBIDDEN");
  expect((await rejection(suiteItemRatings({ actor: raters[0]!, suiteId: suite.id, itemId: worst }))).code).toBe(
    "FORBIDDEN",
  );
  expect((await rejection(nextAdjudication({ actor: outsider, suiteId: suite.id }))).code).toBe("NOT_FOUND");
  expect((await rejection(suiteItemRatings({ actor: outsider, suiteId: suite.id, itemId: worst }))).code).toBe(
    "NOT_FOUND",
  );
  // The rater-SME rated every item: nothing for them.
  expect(await nextAdjudication({ actor: raters[2]!, suiteId: suite.id })).toBeNull();

  // The SME holds the worst item; another SME gets the next one.
  const { id: taskId, itemId: heldItem } = (await nextAdjudication({ actor: sme, suiteId: suite.id }))!;
  expect(heldItem).toBe(worst);
  expect((await nextAdjudication({ actor: sme, suiteId: suite.id }))?.id).toBe(taskId);
  expect((await heldAdjudicationOfItem({ actor: sme, suiteId: suite.id, itemId: worst }))?.id).toBe(taskId);
  expect(await heldAdjudicationOfItem({ actor: otherSme, suiteId: suite.id, itemId: worst })).toBeNull();
  const otherTask = (await nextAdjudication({ actor: otherSme, suiteId: suite.id }))!.id;
  expect(otherTask).not.toBe(taskId);
  expect((await rejection(getAdjudication({ actor: otherSme, id: taskId }))).code).toBe("NOT_FOUND");
  // A task of a suite one does not adjudicate is not found, not "taken over by another" (it was never theirs).
  // One at a time: both created at once left the second's rejection unhandled while the first was awaited.
  for (const attempt of [
    () => saveAdjudicationDraft({ actor: outsider, id: otherTask, baseVersion: 0, draft: {} }),
    () => submitAdjudication({ actor: outsider, id: otherTask, draft: {} }),
  ])
    expect((await rejection(attempt())).code).toBe("NOT_FOUND");

  const view = await getAdjudication({ actor: sme, id: taskId });
  expect(view.ratings.item.id).toBe(worst);
  // A first opening starts from the consensus, not a restored draft.
  expect(view.draftSource).toBe("consensus");
  expect(view.ratings.ratings.map((rating) => rating.evalId).sort()).toEqual([...evalIdsOf.get(taskIds[0]!)!].sort());
  // Helpfulness 1, 4, 2 has no consensus; the hazard's majority (2 of 3) is non-violating.
  expect(view.undecided).toContainEqual({
    pointer: "/universal/helpfulness/score",
    label: expect.stringContaining("elpful"),
  });
  const majority = (validJudgmentFor("chat").safety as Record<string, { verdict?: string }>).violent_crimes!.verdict;
  expect(majority).not.toBe("violating");
  expect((view.draft.safety as Record<string, { verdict?: string }>).violent_crimes!.verdict).toBe(majority);
  expect((view.draft.universal as Record<string, unknown>).helpfulness).toBeUndefined();

  // Drafts are the engine's: versioned, a stale base changes nothing.
  const saved = await saveAdjudicationDraft({
    actor: sme,
    id: taskId,
    baseVersion: view.draftVersion,
    draft: { universal: { helpfulness: likert(2) } },
  });
  expect(saved.version).toBe(view.draftVersion + 1);
  expect(
    (await rejection(saveAdjudicationDraft({ actor: sme, id: taskId, baseVersion: view.draftVersion, draft: {} })))
      .code,
  ).toBe("CONFLICT");
  expect(await getAdjudication({ actor: sme, id: taskId })).toMatchObject({
    draft: { universal: { helpfulness: likert(2) } },
    draftSource: "saved",
  });

  // Submit: closest must be one of the item's ratings.
  const valid = validJudgmentFor("chat");
  const decision = { universal: { ...valid.universal, helpfulness: likert(2) }, safety: valid.safety };
  expect(
    (
      await rejection(
        submitAdjudication({ actor: sme, id: taskId, draft: decision, closestEvalId: evalIdsOf.get(taskIds[1]!)![0]! }),
      )
    ).issues[0],
  ).toMatchObject({ path: "/closest_eval_id" });
  const closest = evalIdsOf.get(taskIds[0]!)![2]!;
  // The page keeps the choice of the closest source with the task; the submit then needs none.
  expect(
    (await rejection(chooseClosestSource({ actor: sme, id: taskId, closestEvalId: evalIdsOf.get(taskIds[1]!)![0] })))
      .code,
  ).toBe("INVALID_INPUT");
  expect((await rejection(chooseClosestSource({ actor: otherSme, id: taskId, closestEvalId: closest }))).code).toBe(
    "NOT_FOUND",
  );
  await chooseClosestSource({ actor: sme, id: taskId, closestEvalId: closest });
  expect((await getAdjudication({ actor: sme, id: taskId })).suggestedClosest).toBe(closest);
  const submitted = await submitAdjudication({ actor: sme, id: taskId, draft: decision });
  expect(submitted.alreadySubmitted).toBe(false);
  expect(await submitAdjudication({ actor: sme, id: taskId, draft: decision, closestEvalId: closest })).toMatchObject({
    evalId: submitted.evalId,
    alreadySubmitted: true,
  });

  const record = await db().evalRecord.findUniqueOrThrow({ where: { evalId: submitted.evalId } });
  expect([record.raterType, record.raterId, record.derivedFrom]).toEqual(["sme", sme.userId, closest]);
  expect(
    await db().suiteRecord.findFirst({ where: { evalId: submitted.evalId }, select: { flow: true, itemId: true } }),
  ).toEqual({ flow: "adjudication", itemId: worst });
  // Agreement reads suite_rating: the decision is not one more rating.
  const counted = await db().$queryRaw<
    { n: bigint }[]
  >`SELECT count(*) AS n FROM suite_rating WHERE suite_id = ${suite.id}::uuid AND item_id = ${worst}::uuid`;
  expect(Number(counted[0]!.n)).toBe(3);
  const sidecar = await db().adjudication.findUniqueOrThrow({ where: { evalId: submitted.evalId } });
  expect([...sidecar.sourceEvalIds].sort()).toEqual([...evalIdsOf.get(taskIds[0]!)!].sort());
  expect(sidecar.closestEvalId).toBe(closest);
  const decisions = sidecar.decisions as { pointer: string; decision: string; from?: string[] }[];
  // Helpfulness 2 was the third rater's value.
  expect(decisions.find((entry) => entry.pointer === "/universal/helpfulness/score")).toEqual({
    pointer: "/universal/helpfulness/score",
    decision: "kept",
    from: [closest],
  });
  expect(decisions.find((entry) => entry.pointer === "/safety/violent_crimes/severity")).toEqual({
    pointer: "/safety/violent_crimes/severity",
    decision: "removed",
  });
  expect(
    await db().auditEvent.count({
      where: { action: "item.adjudicated", subject: submitted.evalId, actorId: sme.userId },
    }),
  ).toBe(1);

  const after = await suiteItemStatuses({ actor: admin, suiteId: suite.id });
  expect(after.counts).toEqual({ unanimous: 1, needs_adjudication: 1, adjudicated: 1, too_few_ratings: 0 });
  expect((await adjudicationQueue({ actor: admin, suiteId: suite.id })).map((row) => row.taskId)).toEqual([taskIds[1]]);

  // Re-adjudication: back in the queue (worst first again), deriving from the previous decision.
  const again = await reopenAdjudication({ actor: admin, suiteId: suite.id, itemId: worst });
  expect(
    await db().auditEvent.findFirst({
      where: { action: "item.readjudication_requested", subject: worst, actorId: admin.userId },
      select: { details: true },
    }),
  ).toEqual({ details: { suite_id: suite.id, adjudication_id: again, previous_eval_id: submitted.evalId } });
  expect(
    (await adjudicationQueue({ actor: admin, suiteId: suite.id })).map((row) => [row.id, row.reAdjudication])[0],
  ).toEqual([again, true]);
  expect((await nextAdjudication({ actor: admin, suiteId: suite.id }))?.id).toBe(again);
  const second = await submitAdjudication({
    actor: admin,
    id: again,
    draft: { ...decision, universal: { ...decision.universal, helpfulness: likert(3) } },
    closestEvalId: closest,
  });
  const secondRecord = await db().evalRecord.findUniqueOrThrow({ where: { evalId: second.evalId } });
  expect([secondRecord.raterType, secondRecord.derivedFrom]).toEqual(["sme", submitted.evalId]);
  expect(second.decisions.find((entry) => entry.pointer === "/universal/helpfulness/score")).toEqual({
    pointer: "/universal/helpfulness/score",
    decision: "edited",
  });
  expect(
    (await suiteItemStatuses({ actor: admin, suiteId: suite.id, status: "adjudicated" })).items.map(
      (item) => item.latestDecision,
    ),
  ).toEqual([second.evalId]);

  // The export filtered to status=adjudicated: the item's three ratings and both decisions; the sidecar names the sources per decision.
  const exported = await startRecordExport({
    actor: admin,
    filter: { suite_id: suite.key, status: "adjudicated" },
    format: "jsonl",
  });
  const records = jsonLines(await textOf(exported.body));
  expect(records.map((record) => record.eval_id).sort()).toEqual(
    [...evalIdsOf.get(taskIds[0]!)!, submitted.evalId, second.evalId].sort(),
  );
  const sidecarLines = jsonLines(
    await textOf(await exportAdjudications({ actor: admin, exportId: exported.exportId })),
  );
  expect(sidecarLines.map((line) => line.eval_id).sort()).toEqual([submitted.evalId, second.evalId].sort());
  const firstLine = sidecarLines.find((line) => line.eval_id === submitted.evalId)!;
  expect(firstLine).toMatchObject({
    derived_from: closest,
    closest_eval_id: closest,
    suite_id: suite.key,
    task_id: taskIds[0],
    adjudicator_id: sme.userId,
  });
  expect((firstLine.source_eval_ids as string[]).sort()).toEqual([...evalIdsOf.get(taskIds[0]!)!].sort());
  expect(firstLine.fields).toContainEqual({
    pointer: "/universal/helpfulness/score",
    decision: "kept",
    from: [closest],
  });
  // The other statuses split the rest; the listing applies the same filter.
  const unanimous = await startRecordExport({
    actor: admin,
    filter: { suite_id: suite.key, status: "unanimous" },
    format: "jsonl",
  });
  expect(
    jsonLines(await textOf(unanimous.body))
      .map((record) => record.eval_id)
      .sort(),
  ).toEqual([...evalIdsOf.get(taskIds[2]!)!].sort());
  const listed = await listRecords({ actor: admin, filter: { suite_id: suite.key, status: "needs_adjudication" } });
  expect(listed.records.map((record) => record.evalId).sort()).toEqual([...evalIdsOf.get(taskIds[1]!)!].sort());
  // Without a suite, only the suites counting a record of the rest of the filter are judged: the same answer.
  const anySuite = await listRecords({ actor: admin, filter: { task_id: [taskIds[2]!], status: "unanimous" } });
  expect(anySuite.records.map((record) => record.evalId).sort()).toEqual([...evalIdsOf.get(taskIds[2]!)!].sort());

  // A stricter rule settles task 1 (spread 2 < 3): its open task is closed once nobody holds it, and not offered.
  await db().suite.update({ where: { id: suite.id }, data: { adjudicationRule: { likertSpread: 3 } } });
  expect((await adjudicationQueue({ actor: admin, suiteId: suite.id })).map((row) => row.id)).toContain(otherTask);
  await db()
    .$executeRaw`UPDATE adjudication_task SET held_until = now() - interval '1 second' WHERE id = ${otherTask}::uuid`;
  expect((await adjudicationQueue({ actor: admin, suiteId: suite.id })).map((row) => row.id)).not.toContain(otherTask);
  expect(await db().adjudicationTask.count({ where: { id: otherTask } })).toBe(0);
  expect((await suiteItemStatuses({ actor: admin, suiteId: suite.id })).counts).toMatchObject({
    needs_adjudication: 0,
  });
});
