// The pairwise leaderboard of a slice (a modality or an item tag): its win
// rates and Bradley–Terry ratings are those computed over only the slice's
// pairs; a tag one system's item carries slices the task; an empty slice is an
// answer with no judgments; and the route's query parameters, answered slice
// and refusals.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as leaderboardRoute } from "@/app/api/pairwise/suites/[suiteId]/leaderboard/route";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { createApiToken } from "@/lib/auth/api-tokens";
import { db } from "@/lib/db";
import { createImport, readImportFile } from "@/lib/imports/service";
import { rejection } from "@/lib/testing/rejection";
import { jsonl, nativeItem } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { computeSuiteLeaderboard, type SuiteLeaderboard } from "./leaderboard";
import { pairwiseLeaderboard, pairwiseSliceOptions, readPairwiseJudgments } from "./leaderboard-query";
import { nextPair, submitPair } from "./pairs";
import { createPairwiseSuite } from "./suites";

let admin: TestUser;
let rater: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
  rater = await createTestUser(["rater"]);
});
afterAll(() => db().$disconnect());

const TASKS = 12;
const langOf = (index: number) => (index < 6 ? "de" : "en");

async function importSystem(system: string, taskIds: string[], extraTag?: string): Promise<string> {
  const items = taskIds.map((taskId, index) =>
    nativeItem(taskId, {
      subject: { system_under_test: system, modality_tags: ["chat"] },
      tags: {
        lang: langOf(index),
        turns: index % 3,
        ...(extraTag && index === TASKS - 1 ? { only: extraTag } : {}),
      },
    }),
  );
  const created = await createImport({ actor: admin, input: { format: "items", file_name: `${system}.jsonl` } });
  await readImportFile({ actor: admin, importId: created.id, file: jsonl(items) });
  return created.id;
}

const MIRROR: Record<string, string> = {
  better: "worse",
  worse: "better",
  much_worse: "much_better",
  equivalent: "equivalent",
};

const responseDraft = () => {
  const { task: _task, subject: _subject, freeform: _freeform, ...rest } = withoutRater(chatDraft());
  return rest;
};

/**
 * Three systems against a baseline on 12 tasks, every pair rated once: the
 * candidate wins the German tasks and loses the English ones, the third system
 * ties or loses by task. The baseline's import alone tags the last task only=base.
 */
async function ratedSuite() {
  const prefix = `sl-${randomBytes(4).toString("hex")}`;
  const taskIds = Array.from({ length: TASKS }, (_, index) => `${prefix}-${index}`);
  const systems = ["base", "cand", "third"].map((name) => `${name}-${prefix}`);
  const importIds = [
    await importSystem(systems[0]!, taskIds, "base"),
    await importSystem(systems[1]!, taskIds),
    await importSystem(systems[2]!, taskIds),
  ];
  const suite = await createPairwiseSuite({
    actor: admin,
    input: {
      name: "sliced",
      key: `pw-${prefix}`,
      design: "baseline",
      baseline_system: systems[0],
      overlap_k: 1,
      import_ids: importIds,
      rater_ids: [rater.userId],
    },
  });
  for (;;) {
    const next = await nextPair({ actor: rater, suiteId: suite.id });
    if (next.assignmentId === null) break;
    const row = await db().pairwiseAssignment.findUniqueOrThrow({ where: { id: next.assignmentId } });
    const pair = await db().pairwisePair.findUniqueOrThrow({ where: { id: row.pairId } });
    const index = taskIds.indexOf(pair.taskId);
    const leftSystem = row.firstShownLeft ? pair.firstSystem : pair.secondSystem;
    const challenger = pair.firstSystem === systems[0] ? pair.secondSystem : pair.firstSystem;
    // From the challenger's side; the rater answers from the left response's.
    const verdict =
      challenger === systems[1]
        ? langOf(index) === "de"
          ? "better"
          : "much_worse"
        : index % 2 === 0
          ? "equivalent"
          : "worse";
    await submitPair({
      actor: rater,
      assignmentId: next.assignmentId,
      input: {
        preference: leftSystem === challenger ? verdict : MIRROR[verdict]!,
        rationale: "r",
        responses: [responseDraft(), responseDraft()],
      },
    });
  }
  return { suite, systems, taskIds };
}

/** Everything but the bootstrap intervals (their resamples follow the rows' order, which SQL leaves open). */
function pointEstimates(board: SuiteLeaderboard) {
  return {
    judgments: board.judgments,
    winRates: board.winRates.map(({ interval: _interval, ...rate }) => rate),
    bradleyTerry: {
      ...board.bradleyTerry,
      scores: board.bradleyTerry.scores.map(({ ratingInterval: _interval, ...score }) => score),
    },
  };
}

describe("the pairwise leaderboard of a slice", () => {
  it("counts only the slice's pairs: its win rates and ratings are the leaderboard of those pairs alone", async () => {
    const { suite, systems, taskIds } = await ratedSuite();
    const everything = await readPairwiseJudgments(suite.id);
    expect(everything).toHaveLength(24);
    const pairsOf = async (tasks: string[]) =>
      new Set(
        (await db().pairwisePair.findMany({ where: { suiteId: suite.id, taskId: { in: tasks } } })).map(
          (pair) => pair.id,
        ),
      );
    const expectedOf = (pairIds: Set<string>) =>
      computeSuiteLeaderboard({
        judgments: everything.filter((judgment) => pairIds.has(judgment.unit)),
        systems: suite.systems,
        baseline: suite.baselineSystem,
      });

    const german = await pairwiseLeaderboard({ actor: admin, suiteId: suite.id, slice: { tag: "lang=de" } });
    expect(german.slice).toEqual({ modality: null, tag: "lang=de" });
    expect(german.judgments).toBe(12);
    const germanPairs = await pairsOf(taskIds.slice(0, 6));
    expect(pointEstimates(german)).toEqual(pointEstimates(expectedOf(germanPairs)));
    // The slice changes the answer: the candidate wins every German task and loses every English one.
    const cand = (board: SuiteLeaderboard) => board.winRates.find((row) => row.system === systems[1])!;
    expect(cand(german)).toMatchObject({ wins: 6, losses: 0, rate: 1 });
    const english = await pairwiseLeaderboard({ actor: admin, suiteId: suite.id, slice: { tag: "lang=en" } });
    expect(cand(english)).toMatchObject({ wins: 0, losses: 6, rate: 0 });
    expect(pointEstimates(english)).toEqual(pointEstimates(expectedOf(await pairsOf(taskIds.slice(6)))));
    expect(english.bradleyTerry.scores.find((score) => score.system === systems[1])!.rank).toBe(3);
    expect(german.bradleyTerry.scores.find((score) => score.system === systems[1])!.rank).toBe(1);

    // A numeric tag value, and a modality with a tag: the conditions combine.
    const firstTurns = await pairwiseLeaderboard({
      actor: admin,
      suiteId: suite.id,
      slice: { modality: "chat", tag: "turns=0" },
    });
    const turnsZero = taskIds.filter((_, index) => index % 3 === 0);
    expect(pointEstimates(firstTurns)).toEqual(pointEstimates(expectedOf(await pairsOf(turnsZero))));
    // The whole suite's modality is the whole leaderboard.
    const chat = await pairwiseLeaderboard({ actor: admin, suiteId: suite.id, slice: { modality: "chat" } });
    const whole = await pairwiseLeaderboard({ actor: admin, suiteId: suite.id });
    expect(whole.slice).toEqual({ modality: null, tag: null });
    expect(pointEstimates(chat)).toEqual(pointEstimates(whole));

    // A tag on one system's item only slices the task: both of its pairs with the baseline.
    const onlyBase = await pairwiseLeaderboard({ actor: admin, suiteId: suite.id, slice: { tag: "only=base" } });
    expect(onlyBase.judgments).toBe(2);
    expect(pointEstimates(onlyBase)).toEqual(pointEstimates(expectedOf(await pairsOf([taskIds[TASKS - 1]!]))));

    expect(await pairwiseSliceOptions({ actor: admin, suiteId: suite.id })).toEqual({
      modalities: ["chat"],
      tags: ["lang=de", "lang=en", "only=base", "turns=0", "turns=1", "turns=2"],
    });
  });

  it("answers an empty slice with no judgments, refuses a malformed tag, and hides the suite from raters", async () => {
    const { suite, systems } = await ratedSuite();
    const empty = await pairwiseLeaderboard({ actor: admin, suiteId: suite.id, slice: { modality: "agent" } });
    expect(empty).toMatchObject({ judgments: 0, slice: { modality: "agent", tag: null } });
    expect(empty.winRates.map((row) => [row.system, row.judgments, row.rate])).toEqual([
      [systems[1], 0, null],
      [systems[2], 0, null],
    ]);
    expect(empty.bradleyTerry.scores.every((score) => score.judgments === 0)).toBe(true);
    const bad = await rejection(pairwiseLeaderboard({ actor: admin, suiteId: suite.id, slice: { tag: "lang" } }));
    expect(bad.issues).toEqual([expect.objectContaining({ path: "/tag", rule: "format" })]);
    expect((await rejection(pairwiseSliceOptions({ actor: rater, suiteId: suite.id }))).code).toBe("FORBIDDEN");
  });

  it("through the route: the slice as query parameters, the answered slice, 422 for a bad one", async () => {
    const { suite } = await ratedSuite();
    const token = (await createApiToken({ actor: admin, name: `sl-${randomUUID().slice(0, 8)}`, roles: ["admin"] }))
      .token;
    const get = async (query: string) => {
      const response = await leaderboardRoute(
        new Request(`http://127.0.0.1:3000/api/pairwise/suites/${suite.id}/leaderboard${query}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
        { params: Promise.resolve({ suiteId: suite.id }) },
      );
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const german = await get("?tag=lang%3Dde&raters=humans");
    expect(german.status).toBe(200);
    expect(german.body).toMatchObject({ slice: { modality: null, tag: "lang=de" }, judgments: 12, raters: "humans" });
    const direct = await pairwiseLeaderboard({ actor: admin, suiteId: suite.id, slice: { tag: "lang=de" } });
    expect(german.body.win_rates).toEqual(
      direct.winRates.map((row) => expect.objectContaining({ system: row.system, rate: row.rate, wins: row.wins })),
    );
    const modality = await get("?modality=chat");
    expect(modality.body).toMatchObject({ slice: { modality: "chat", tag: null }, judgments: 24 });
    // A cleared form field is no slice.
    expect((await get("?tag=")).body).toMatchObject({ slice: { modality: null, tag: null }, judgments: 24 });
    const empty = await get("?tag=lang%3Dfr");
    expect(empty).toMatchObject({ status: 200, body: { judgments: 0, slice: { tag: "lang=fr" } } });
    const malformed = await get("?tag=lang");
    expect(malformed.status).toBe(422);
    expect(JSON.stringify(malformed.body)).toContain("/tag");
    expect((await get("?modality=smell")).status).toBe(422);
  });
});
