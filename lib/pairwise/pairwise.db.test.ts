// Pairwise suites against a real PostgreSQL: pairs matched by task id across
// imports, the randomised position recorded, two schema-valid mirror-image
// records and their sidecar per submit, idempotent submit, the leaderboard.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { validateAgainstContract } from "@/lib/aif/validate";
import { db } from "@/lib/db";
import { createImport, readImportFile } from "@/lib/imports/service";
import { rejection } from "@/lib/testing/rejection";
import { jsonl, nativeItem } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { pairwiseLeaderboard } from "./leaderboard-query";
import { getPairAssignment, nextPair, submitPair } from "./pairs";
import { createPairwiseSuite } from "./suites";

type StoredBody = {
  universal: { vs_reference: string };
  task: { reference: string; suite_id: string };
  subject: { system_under_test: string };
  rater: unknown;
  freeform: { notes: string };
};

let admin: TestUser;
let raters: TestUser[];

beforeAll(async () => {
  admin = await createTestUser(["admin"]);
  raters = await Promise.all([1, 2, 3].map(() => createTestUser(["rater"])));
});

afterAll(async () => {
  await db().$disconnect();
});

const raterIds = () => raters.map((rater) => rater.userId);

/** One import per system: its answers to the given tasks (answer length differs per system). */
async function importSystem(system: string, taskIds: string[]): Promise<string> {
  const items = taskIds.map((taskId) =>
    nativeItem(taskId, {
      subject: { system_under_test: system, modality_tags: ["chat"] },
      transcript: {
        messages: [
          { role: "user", content: [{ type: "text", text: `Prompt of ${taskId}` }] },
          { role: "assistant", content: [{ type: "text", text: `${system} answers ${taskId}` }] },
        ],
      },
    }),
  );
  const created = await createImport({ actor: admin, input: { format: "items", file_name: `${system}.jsonl` } });
  const summary = await readImportFile({ actor: admin, importId: created.id, file: jsonl(items) });
  if (summary.status !== "committed") throw new Error(`import not committed: ${JSON.stringify(summary)}`);
  return created.id;
}

const responseDraft = () => {
  const { task: _task, subject: _subject, freeform: _freeform, ...rest } = withoutRater(chatDraft());
  return rest;
};

async function threeSystems(tasks: number) {
  const prefix = `t-${randomBytes(4).toString("hex")}`;
  const taskIds = Array.from({ length: tasks }, (_, index) => `${prefix}-${index}`);
  // "gamma" lacks the last task: it is listed as unmatched.
  const importIds = [
    await importSystem(`alpha-${prefix}`, taskIds),
    await importSystem(`beta-${prefix}`, taskIds),
    await importSystem(`gamma-${prefix}`, taskIds.slice(0, -1)),
  ];
  return { prefix, taskIds, importIds };
}

describe("pairwise suites", () => {
  it("pairs systems by task id, against the baseline or all with all, and lists unmatched tasks", async () => {
    const { prefix, taskIds, importIds } = await threeSystems(4);
    const baseline = await createPairwiseSuite({
      actor: admin,
      input: {
        name: "vs alpha",
        key: `pw-b-${prefix}`,
        design: "baseline",
        baseline_system: `alpha-${prefix}`,
        overlap_k: 1,
        import_ids: importIds,
      },
    });
    expect(baseline.systems).toEqual([`alpha-${prefix}`, `beta-${prefix}`, `gamma-${prefix}`]);
    expect(baseline.pairs).toBe(4 + 3); // alpha–beta on 4 tasks, alpha–gamma on 3
    expect(baseline.unmatchedTasks).toEqual([{ task_id: taskIds[3], missing: [`gamma-${prefix}`] }]);
    const allPairs = await createPairwiseSuite({
      actor: admin,
      input: { name: "arena", key: `pw-a-${prefix}`, design: "all_pairs", overlap_k: 2, import_ids: importIds },
    });
    expect(allPairs.pairs).toBe(4 + 3 + 3);
  });

  it("refuses a suite of one system or an unknown baseline, naming the field, and stores nothing", async () => {
    const { prefix, importIds } = await threeSystems(2);
    const one = await rejection(
      createPairwiseSuite({
        actor: admin,
        input: { name: "x", key: `pw-1-${prefix}`, design: "all_pairs", overlap_k: 1, import_ids: [importIds[0]] },
      }),
    );
    expect(one.issues).toEqual([expect.objectContaining({ path: "/import_ids", rule: "twoSystems" })]);
    const unknown = await rejection(
      createPairwiseSuite({
        actor: admin,
        input: {
          name: "x",
          key: `pw-2-${prefix}`,
          design: "baseline",
          baseline_system: "nobody",
          overlap_k: 1,
          import_ids: importIds,
        },
      }),
    );
    expect(unknown.issues).toEqual([expect.objectContaining({ path: "/baseline_system", rule: "knownSystem" })]);
    expect(await db().pairwiseSuite.count({ where: { key: { in: [`pw-1-${prefix}`, `pw-2-${prefix}`] } } })).toBe(0);
    const rater = await rejection(
      createPairwiseSuite({
        actor: raters[0]!,
        input: { name: "x", key: `pw-3-${prefix}`, design: "all_pairs", overlap_k: 1, import_ids: importIds },
      }),
    );
    expect(rater.code).toBe("FORBIDDEN");
  });
});

describe("rating pairs", () => {
  it("stores two schema-valid mirror-image records per pair, records the position, and both positions occur", async () => {
    const { prefix, importIds } = await threeSystems(12);
    const suite = await createPairwiseSuite({
      actor: admin,
      input: {
        name: "arena",
        key: `pw-r-${prefix}`,
        design: "all_pairs",
        overlap_k: 1,
        import_ids: importIds,
        rater_ids: raterIds(),
      },
    });
    const rater = raters[0]!;
    const positions = new Set<boolean>();
    for (;;) {
      const next = await nextPair({ actor: rater, suiteId: suite.id });
      if (next.assignmentId === null) break;
      const view = await getPairAssignment({ actor: rater, assignmentId: next.assignmentId });
      // Blind: the responses' transcripts only, no subject and no system name outside the answers' own text.
      expect(JSON.stringify(view)).not.toContain("system_under_test");
      const { evalIds } = await submitPair({
        actor: rater,
        assignmentId: next.assignmentId,
        input: {
          preference: "better",
          rationale: "Response 1 is more precise.",
          responses: [responseDraft(), responseDraft()],
        },
      });
      const [left, right] = await Promise.all(
        evalIds.map((evalId) => db().evalRecord.findUniqueOrThrow({ where: { evalId } })),
      );
      const [leftBody, rightBody] = [left!.body as StoredBody, right!.body as StoredBody];
      expect(validateAgainstContract(leftBody)).toEqual([]);
      expect(validateAgainstContract(rightBody)).toEqual([]);
      expect(leftBody.universal.vs_reference).toBe("better");
      expect(rightBody.universal.vs_reference).toBe("worse");
      expect(leftBody.task.reference).toContain(`answers`);
      expect(leftBody.task.reference).toContain(rightBody.subject.system_under_test);
      expect(rightBody.task.reference).toContain(leftBody.subject.system_under_test);
      expect(leftBody.task.suite_id).toBe(suite.key);
      expect(leftBody.rater).toMatchObject({ type: "human", id: rater.userId });
      expect(leftBody.freeform.notes).toBe("Response 1 is more precise.");
      const sidecar = await db().pairwiseJudgment.findMany({
        where: { evalId: { in: evalIds } },
        orderBy: { shownPosition: "asc" },
      });
      expect(sidecar.map((row) => [row.shownPosition, row.evalId, row.opponentEvalId])).toEqual([
        ["left", evalIds[0], evalIds[1]],
        ["right", evalIds[1], evalIds[0]],
      ]);
      expect(sidecar[0]!.system).toBe(leftBody.subject.system_under_test);
      // The sidecar's copies of the verdict and rater type are the records' own.
      expect(sidecar.map((row) => [row.preference, row.raterType])).toEqual([
        [leftBody.universal.vs_reference, "human"],
        [rightBody.universal.vs_reference, "human"],
      ]);
      expect(sidecar[0]!.opponentSystem).toBe(rightBody.subject.system_under_test);
      const assignment = await db().pairwiseAssignment.findUniqueOrThrow({ where: { id: next.assignmentId } });
      const pair = await db().pairwisePair.findUniqueOrThrow({ where: { id: assignment.pairId } });
      expect(sidecar[0]!.system).toBe(assignment.firstShownLeft ? pair.firstSystem : pair.secondSystem);
      positions.add(assignment.firstShownLeft);
    }
    expect(await db().pairwiseAssignment.count({ where: { suiteId: suite.id, status: "submitted" } })).toBe(
      12 + 11 + 11,
    );
    // 34 fair coins all landing the same way: 2 in 2^34.
    expect(positions).toEqual(new Set([true, false]));
  });

  it("answers a repeated submit with the first records and never stores twice", async () => {
    const { prefix, importIds } = await threeSystems(1);
    const suite = await createPairwiseSuite({
      actor: admin,
      input: {
        name: "once",
        key: `pw-i-${prefix}`,
        design: "baseline",
        baseline_system: `beta-${prefix}`,
        overlap_k: 1,
        import_ids: importIds.slice(0, 2),
        rater_ids: raterIds(),
      },
    });
    const rater = raters[1]!;
    const { assignmentId } = await nextPair({ actor: rater, suiteId: suite.id });
    const input = { preference: "much_worse", rationale: "Wrong.", responses: [responseDraft(), responseDraft()] };
    const [first, second] = await Promise.all([
      submitPair({ actor: rater, assignmentId: assignmentId!, input }),
      submitPair({ actor: rater, assignmentId: assignmentId!, input }),
    ]);
    expect(first.evalIds).toEqual(second.evalIds);
    expect([first.alreadySubmitted, second.alreadySubmitted].sort()).toEqual([false, true]);
    expect(await db().pairwiseJudgment.count({ where: { suiteId: suite.id } })).toBe(2);
    expect(await db().evalRecord.count({ where: { suiteId: suite.key } })).toBe(2);
    expect(await nextPair({ actor: rater, suiteId: suite.id })).toEqual({ assignmentId: null, reason: "finished" });
  });

  it("never hands a pair to more raters than overlap k, even when they ask at once", async () => {
    const { prefix, importIds } = await threeSystems(1);
    const suite = await createPairwiseSuite({
      actor: admin,
      input: {
        name: "k",
        key: `pw-k-${prefix}`,
        design: "all_pairs",
        overlap_k: 2,
        import_ids: importIds.slice(0, 2),
        rater_ids: raterIds(),
      },
    });
    const claims = await Promise.all(raters.map((rater) => nextPair({ actor: rater, suiteId: suite.id })));
    expect(claims.filter((claim) => claim.assignmentId !== null)).toHaveLength(2);
    expect(claims.filter((claim) => claim.reason === "finished")).toHaveLength(1);
    // Asking again resumes the held pair rather than taking another slot.
    const holder = raters[claims.findIndex((claim) => claim.assignmentId !== null)]!;
    const again = await nextPair({ actor: holder, suiteId: suite.id });
    expect(claims.map((claim) => claim.assignmentId)).toContain(again.assignmentId);
    expect(await db().pairwiseAssignment.count({ where: { suiteId: suite.id } })).toBe(2);
  });

  it("refuses invalid input with its path and stores nothing; another rater's pair is not found", async () => {
    const { prefix, importIds } = await threeSystems(1);
    const suite = await createPairwiseSuite({
      actor: admin,
      input: {
        name: "bad",
        key: `pw-x-${prefix}`,
        design: "all_pairs",
        overlap_k: 2,
        import_ids: importIds.slice(0, 2),
        rater_ids: raterIds(),
      },
    });
    const rater = raters[2]!;
    const { assignmentId } = await nextPair({ actor: rater, suiteId: suite.id });
    const badLevel = await rejection(
      submitPair({
        actor: rater,
        assignmentId: assignmentId!,
        input: { preference: "best", rationale: "x", responses: [{}, {}] },
      }),
    );
    expect(badLevel.issues[0]).toMatchObject({ path: "/preference" });
    const broken = responseDraft();
    delete (broken.universal as { helpfulness?: unknown }).helpfulness;
    const badRecord = await rejection(
      submitPair({
        actor: rater,
        assignmentId: assignmentId!,
        input: { preference: "better", rationale: "x", responses: [responseDraft(), broken] },
      }),
    );
    expect(badRecord.issues.some((issue) => issue.path.startsWith("/responses/1/universal"))).toBe(true);
    expect(await db().evalRecord.count({ where: { suiteId: suite.key } })).toBe(0);
    expect(await db().pairwiseAssignment.findUniqueOrThrow({ where: { id: assignmentId! } })).toMatchObject({
      status: "held",
    });
    const other = await rejection(getPairAssignment({ actor: raters[0]!, assignmentId: assignmentId! }));
    expect(other.code).toBe("NOT_FOUND");
  });

  it("computes the leaderboard from the stored judgments", async () => {
    const { prefix, importIds } = await threeSystems(6);
    const suite = await createPairwiseSuite({
      actor: admin,
      input: {
        name: "board",
        key: `pw-l-${prefix}`,
        design: "baseline",
        baseline_system: `alpha-${prefix}`,
        overlap_k: 1,
        import_ids: importIds.slice(0, 2),
        rater_ids: raterIds(),
      },
    });
    const rater = raters[0]!;
    for (;;) {
      const next = await nextPair({ actor: rater, suiteId: suite.id });
      if (next.assignmentId === null) break;
      const row = await db().pairwiseAssignment.findUniqueOrThrow({ where: { id: next.assignmentId } });
      // beta (the pair's second system) always preferred, whichever side it was shown on.
      await submitPair({
        actor: rater,
        assignmentId: next.assignmentId,
        input: {
          preference: row.firstShownLeft ? "worse" : "better",
          rationale: "beta",
          responses: [responseDraft(), responseDraft()],
        },
      });
    }
    const board = await pairwiseLeaderboard({ actor: admin, suiteId: suite.id, bootstrap: { samples: 200 } });
    expect(board.judgments).toBe(6);
    expect(board.winRates).toHaveLength(1);
    expect(board.winRates[0]).toMatchObject({
      system: `beta-${prefix}`,
      baseline: `alpha-${prefix}`,
      wins: 6,
      rate: 1,
    });
    expect(board.bradleyTerry.scores.find((score) => score.system === `beta-${prefix}`)!.rank).toBe(1);
    expect(board.positionBiasByRaterType.map((entry) => entry.raterType)).toEqual(["human"]);
    expect(board.positionBias.judgments).toBe(6);
  });
});
