// A "verdict and reason only" pairwise suite, against a real PostgreSQL: a
// pair submitted with nothing but the verdict and its reason is still stored
// as the two mirror-image AIF records, valid against the verbatim schema and
// its companion rules, each unscored dimension marked not rated; a dimension
// the rater did score is kept; and no statistic or listing reads a
// placeholder as a score (the quality report's reader, the Every Eval Ever
// export, the records browser and its score filter, the CSV export).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isNotRated, NOT_RATED_MARK } from "@/lib/aif/not-rated";
import { validateRecord } from "@/lib/aif/validate";
import { UNIVERSAL_DIMENSIONS } from "@/lib/aif/contract-facts";
import { scoreOf } from "@/lib/analytics/likert-dimensions";
import { db } from "@/lib/db";
import { startRecordExport } from "@/lib/export/stream-export";
import { browseRecords } from "@/lib/records/browse";
import { importSystemAnswers } from "@/lib/testing/pairwise-imports";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { pairwiseLeaderboard } from "./leaderboard-query";
import { nextPair, submitPair } from "./pairs";
import { changePairwiseSuite } from "./suite-settings";
import { createPairwiseSuite } from "./suites";
import { VERDICT_ONLY_NOT_RATED_WHY } from "./verdict-only";

let admin: TestUser;
let rater: TestUser;
beforeAll(async () => {
  [admin, rater] = await Promise.all([createTestUser(["admin"]), createTestUser(["rater"])]);
});
afterAll(async () => {
  await db().$disconnect();
});

type Body = Record<string, unknown> & {
  universal: Record<string, unknown> & { vs_reference: string };
  freeform: { notes: string };
  subject: { system_under_test: string };
  task: { reference: string; suite_id: string };
};

async function verdictOnlySuite(tasks: number, verdictOnly = true) {
  const prefix = `vo-${randomBytes(4).toString("hex")}`;
  const taskIds = Array.from({ length: tasks }, (_, index) => `${prefix}-${index}`);
  const importIds = [
    await importSystemAnswers(admin, `alpha-${prefix}`, taskIds),
    await importSystemAnswers(admin, `beta-${prefix}`, taskIds),
  ];
  return createPairwiseSuite({
    actor: admin,
    input: {
      name: `Verdicts ${prefix}`,
      key: prefix,
      design: "all_pairs",
      overlap_k: 1,
      import_ids: importIds,
      rater_ids: [rater.userId],
      verdict_only: verdictOnly,
    },
  });
}

const bodiesOf = async (evalIds: readonly string[]) =>
  Promise.all(
    evalIds.map(async (evalId) => (await db().evalRecord.findUniqueOrThrow({ where: { evalId } })).body as Body),
  );

const notRated = {
  score: 3,
  confidence: "low",
  anchors_used: NOT_RATED_MARK,
  rationale: `Not rated: ${VERDICT_ONLY_NOT_RATED_WHY}`,
};

describe("a verdict-only pairwise suite", () => {
  it("stores a verdict and its reason alone as the two mirror records, every dimension marked not rated", async () => {
    const suite = await verdictOnlySuite(2);
    const next = await nextPair({ actor: rater, suiteId: suite.id });
    const { evalIds } = await submitPair({
      actor: rater,
      assignmentId: next.assignmentId!,
      input: { preference: "much_better", rationale: "Response 1 answers; 2 does not.", responses: [{}, {}] },
    });
    const [left, right] = await bodiesOf(evalIds);
    for (const body of [left!, right!]) {
      // The verbatim schema and the companion rules (a low confidence wants a rationale: the placeholder has one).
      expect(validateRecord(body)).toEqual([]);
      expect(body.freeform).toEqual({ notes: "Response 1 answers; 2 does not." });
      expect(body.task.suite_id).toBe(suite.key);
      for (const dimension of UNIVERSAL_DIMENSIONS) {
        expect(body.universal[dimension]).toEqual(notRated);
        expect(scoreOf(body, `universal.${dimension}`)).toBeUndefined();
      }
    }
    expect([left!.universal.vs_reference, right!.universal.vs_reference]).toEqual(["much_better", "much_worse"]);
    expect(left!.task.reference).toContain(right!.subject.system_under_test);
    expect(right!.task.reference).toContain(left!.subject.system_under_test);
    // The verdict counts on the leaderboard as any other.
    expect((await pairwiseLeaderboard({ actor: admin, suiteId: suite.id, bootstrap: { samples: 20 } })).judgments).toBe(
      1,
    );
  });

  it("keeps the dimensions the rater did score, checked as any score; no placeholder is read as a score", async () => {
    const suite = await verdictOnlySuite(1);
    const next = await nextPair({ actor: rater, suiteId: suite.id });
    // A score of 2 without the rationale the rules ask for is refused, naming the field; nothing is stored.
    const bare = await rejection(
      submitPair({
        actor: rater,
        assignmentId: next.assignmentId!,
        input: {
          preference: "worse",
          rationale: "Too long.",
          responses: [{ universal: { helpfulness: { score: 2 } } }, {}],
        },
      }),
    );
    expect(bare.issues.map((issue) => issue.path)).toContain("/responses/0/universal/helpfulness/rationale");
    expect(await db().evalRecord.count({ where: { suiteId: suite.key } })).toBe(0);
    const scored = { score: 2, confidence: "high", rationale: "Pads the answer." };
    const { evalIds } = await submitPair({
      actor: rater,
      assignmentId: next.assignmentId!,
      input: { preference: "worse", rationale: "Too long.", responses: [{ universal: { helpfulness: scored } }, {}] },
    });
    const [left, right] = await bodiesOf(evalIds);
    expect(validateRecord(left)).toEqual([]);
    expect(left!.universal.helpfulness).toEqual(scored);
    expect(isNotRated(left!.universal.faithfulness)).toBe(true);
    expect(isNotRated(right!.universal.helpfulness)).toBe(true);
    expect(scoreOf(left!, "universal.helpfulness")).toBe(2);

    // The Every Eval Ever export: one line, the one real score.
    const eee = await startRecordExport({ actor: admin, filter: { suite_id: suite.key }, format: "eee-0.3.0" });
    const lines = (await new Response(eee.body).text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { evaluation_name: string; evaluation: { score: number } });
    expect(lines.map((line) => [line.evaluation_name, line.evaluation.score])).toEqual([
      ["aif.universal.helpfulness", 2],
    ]);
    // The records browser: no score where none was given, and a score filter never matches a placeholder.
    const browsed = await browseRecords({ actor: admin, filter: { suite_id: suite.key } });
    const scoresOf = (evalId: string) => browsed.records.find((record) => record.evalId === evalId)!.scores.slice(0, 5);
    expect(scoresOf(evalIds[0])).toEqual([2, null, null, null, null]);
    expect(scoresOf(evalIds[1])).toEqual([null, null, null, null, null]);
    const threes = await browseRecords({
      actor: admin,
      filter: { suite_id: suite.key, score: ["universal.faithfulness:3..3"] },
    });
    expect(threes.records).toEqual([]);
    // The CSV export: a not-rated dimension has no score and no confidence, only the reason it was not rated.
    const csv = await startRecordExport({ actor: admin, filter: { suite_id: suite.key }, format: "csv" });
    const [header, ...rows] = (await new Response(csv.body).text()).trim().split("\r\n");
    const cellsOf = (line: string) => line.match(/"(?:[^"]|"")*"/g)!.map((cell) => cell.slice(1, -1));
    const columns = cellsOf(header!);
    const column = (name: string) => columns.indexOf(name);
    const cells = rows.map(cellsOf);
    const ofLeft = cells.find((row) => row[0] === evalIds[0])!;
    expect(ofLeft[column("universal.helpfulness.score")]).toBe("2");
    expect(ofLeft[column("universal.faithfulness.score")]).toBe("");
    expect(ofLeft[column("universal.faithfulness.confidence")]).toBe("");
    expect(ofLeft[column("universal.faithfulness.rationale")]).toBe(`Not rated: ${VERDICT_ONLY_NOT_RATED_WHY}`);
  });

  it("a suite with the full rubric still refuses a pair without it; switching the option on takes the next submit", async () => {
    const suite = await verdictOnlySuite(1, false);
    const next = await nextPair({ actor: rater, suiteId: suite.id });
    const input = { preference: "equivalent", rationale: "Both fine.", responses: [{}, {}] };
    const refused = await rejection(submitPair({ actor: rater, assignmentId: next.assignmentId!, input }));
    expect(refused.issues.some((issue) => issue.path.startsWith("/responses/0/universal"))).toBe(true);
    await changePairwiseSuite({ actor: admin, suiteId: suite.id, input: { verdict_only: true } });
    const stored = await submitPair({ actor: rater, assignmentId: next.assignmentId!, input });
    expect((await bodiesOf(stored.evalIds)).map((body) => body.universal.vs_reference)).toEqual([
      "equivalent",
      "equivalent",
    ]);
  });
});
