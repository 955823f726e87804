// The pairwise leaderboard's corrected win rate (issue 37) on a seeded suite:
// humans judge 18 of 30 pairs, a biased LLM judge all 30 (it calls the
// candidate better where the humans see a tie, and a tie where they see a
// loss). The API answers human-only, judge-only and PPI++ corrected win rates:
// the corrected one lies closer to the humans' than the judge's does, and its
// interval is no wider than the humans' alone.
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { GET as leaderboardRoute } from "@/app/api/pairwise/suites/[suiteId]/leaderboard/route";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { createApiToken } from "@/lib/auth/api-tokens";
import { db } from "@/lib/db";
import { createImport, readImportFile } from "@/lib/imports/service";
import { startFakeChatCompletionsServer } from "@/lib/testing/fake-openai-server";
import { jsonl, nativeItem } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { scriptedPairwiseReply } from "@/scripts/fake-judge";
import { pairwiseJudgeRunFinished, startPairwiseJudgeRun } from "./judge-run";
import { pairwiseLeaderboard } from "./leaderboard-query";
import { nextPair, submitPair } from "./pairs";
import { createPairwiseSuite } from "./suites";

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterAll(() => db().$disconnect());

const TASKS = 30;
const HUMAN_PAIRS = 18;
// From the candidate's side, by task index mod 3: humans see a win, a tie, a loss; the judge a win, a win, a tie.
const HUMAN_FOR_CANDIDATE = ["better", "equivalent", "worse"];
const JUDGE_FOR_CANDIDATE = ["better", "better", "equivalent"];
const MIRROR: Record<string, string> = { better: "worse", equivalent: "equivalent", worse: "better" };
const VERDICT_FOR_A: Record<string, "left" | "right" | "tie"> = { better: "left", equivalent: "tie", worse: "right" };

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
  await readImportFile({ actor: admin, importId: created.id, file: jsonl(items) });
  return created.id;
}

it("corrects a biased judge's win rate towards the humans', with an interval no wider than theirs", async () => {
  const rater = await createTestUser(["rater"]);
  const prefix = `we-${randomBytes(4).toString("hex")}`;
  const taskIds = Array.from({ length: TASKS }, (_, index) => `${prefix}-${index}`);
  const [base, cand] = [`base-${prefix}`, `cand-${prefix}`];
  const importIds = [await importSystem(base, taskIds), await importSystem(cand, taskIds)];
  const suite = await createPairwiseSuite({
    actor: admin,
    input: {
      name: "win-rate estimates",
      key: `pw-${prefix}`,
      design: "baseline",
      baseline_system: base,
      overlap_k: 1,
      import_ids: importIds,
      rater_ids: [rater.userId],
    },
  });
  const responses = responseParts();
  for (let judged = 0; judged < HUMAN_PAIRS; judged += 1) {
    const next = await nextPair({ actor: rater, suiteId: suite.id });
    expect(next.assignmentId).not.toBeNull();
    const row = await db().pairwiseAssignment.findUniqueOrThrow({ where: { id: next.assignmentId! } });
    const pair = await db().pairwisePair.findUniqueOrThrow({ where: { id: row.pairId } });
    const forCandidate = HUMAN_FOR_CANDIDATE[taskIds.indexOf(pair.taskId) % 3]!;
    const leftSystem = row.firstShownLeft ? pair.firstSystem : pair.secondSystem;
    await submitPair({
      actor: rater,
      assignmentId: next.assignmentId!,
      input: { preference: leftSystem === cand ? forCandidate : MIRROR[forCandidate], rationale: "r", ...responses },
    });
  }
  const server = await startFakeChatCompletionsServer({
    respond: ({ messages }) => {
      const user = String((messages as { content: string }[])[1]!.content);
      const taskId = /Prompt of (\S+)/.exec(user)![1]!;
      const forCandidate = JUDGE_FOR_CANDIDATE[taskIds.indexOf(taskId) % 3]!;
      const candidateIsA = /<response_a>[\s\S]*cand-/.test(user.split("<response_b>")[0]!);
      return scriptedPairwiseReply(VERDICT_FOR_A[candidateIsA ? forCandidate : MIRROR[forCandidate]!]!);
    },
  });
  try {
    const run = await startPairwiseJudgeRun({
      actor: admin,
      suiteId: suite.id,
      endpoint: { baseUrl: server.url, model: "fake", concurrency: 4, timeoutMs: 30_000, maxAttempts: 2 },
    });
    await pairwiseJudgeRunFinished(run.id);
  } finally {
    await server.close();
  }

  const board = await pairwiseLeaderboard({ actor: admin, suiteId: suite.id });
  expect(board.estimates).toHaveLength(1);
  const [estimate] = board.estimates;
  expect(estimate).toMatchObject({ system: cand, baseline: base, pairs: TASKS });
  expect(estimate!.used).toEqual({ labelled: HUMAN_PAIRS, unlabelled: TASKS - HUMAN_PAIRS, humanWithoutJudge: 0 });
  const { humanOnly, judgeOnly, corrected } = estimate!;
  // The judge's own rate: 5/6 of the way up (win, win, tie over every task).
  expect(judgeOnly!.estimate).toBeCloseTo(5 / 6, 12);
  expect(judgeOnly!.biased).toBe(true);
  expect(Math.abs(corrected!.estimate - humanOnly!.estimate)).toBeLessThan(
    Math.abs(judgeOnly!.estimate - humanOnly!.estimate),
  );
  expect(corrected!.lambda).toBeGreaterThan(0);
  expect(corrected!.upper - corrected!.lower).toBeLessThanOrEqual(humanOnly!.upper - humanOnly!.lower);

  // The API's JSON carries them (its answer schema checked outside production), snake_case.
  const token = (await createApiToken({ actor: admin, name: `w-${randomUUID().slice(0, 8)}`, roles: ["admin"] })).token;
  const response = await leaderboardRoute(
    new Request(`http://127.0.0.1:3000/api/pairwise/suites/${suite.id}/leaderboard?raters=humans`, {
      headers: { authorization: `Bearer ${token}` },
    }),
    { params: Promise.resolve({ suiteId: suite.id }) },
  );
  expect(response.status).toBe(200);
  const json = (await response.json()) as { estimates: { corrected: { estimate: number; standard_error: number } }[] };
  // raters=humans narrows the win rates, not the estimates: they always combine both.
  expect(json.estimates[0]!.corrected).toMatchObject({
    estimate: corrected!.estimate,
    standard_error: corrected!.standardError,
  });
});

function responseParts() {
  const { task: _task, subject: _subject, freeform: _freeform, ...rest } = withoutRater(chatDraft());
  return { responses: [rest, rest] };
}
