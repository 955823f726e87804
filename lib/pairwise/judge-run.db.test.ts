// The LLM judge on pairs, against a local server speaking the chat-completions
// protocol (the scripted judge of scripts/fake-judge.ts): every pair asked in
// both orders, two schema-valid llm_judge records and two sidecar rows per
// pair, and the report's flip rate and position bias — the issue's "a judge
// set to prefer the left response shows the position bias" on 3 systems × 50 tasks;
// and a run whose driver died resumed by the judge run sweeper.
import { randomBytes, randomUUID } from "node:crypto";
import * as testDatabases from "@/lib/testing/test-database";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as listRunsRoute, POST as startRunRoute } from "@/app/api/pairwise/suites/[suiteId]/judge-runs/route";
import { validateAgainstContract } from "@/lib/aif/validate";
import { createApiToken } from "@/lib/auth/api-tokens";
import { db } from "@/lib/db";
import type { JudgeEndpoint } from "@/lib/env";
import { createImport, readImportFile } from "@/lib/imports/service";
import { startFakeChatCompletionsServer, type FakeChatCompletionsServer } from "@/lib/testing/fake-openai-server";
import { jsonl, nativeItem } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { resumeStaleJudgeRuns } from "@/lib/judge-runs/sweeper";
import { scriptedPairwiseReply } from "@/scripts/fake-judge";
import {
  abandonLocalPairwiseDriver,
  getPairwiseJudgeRun,
  pairwiseJudgeRunFinished,
  startPairwiseJudgeRun,
} from "./judge-run";
import { pairwiseLeaderboard } from "./leaderboard-query";
import { createPairwiseSuite } from "./suites";

// A database of its own: its sweeper resumes every stale pairwise judge run in the database, and test files run side by side (vitest.config.ts).
const database = await testDatabases.createTestDatabase("pw_judge");
testDatabases.useDatabaseInThisFile(database);

let admin: TestUser;
let server: FakeChatCompletionsServer | null = null;
beforeAll(async () => {
  admin = await createTestUser(["admin"]);
});
afterEach(async () => {
  await server?.close();
  server = null;
});
afterAll(async () => {
  await db().$disconnect();
  await database.drop();
});

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

async function allPairsSuite(tasks: number) {
  const prefix = `j-${randomBytes(4).toString("hex")}`;
  const taskIds = Array.from({ length: tasks }, (_, index) => `${prefix}-${index}`);
  const systems = ["alpha", "beta", "gamma"].map((name) => `${name}-${prefix}`);
  const importIds = [];
  for (const system of systems) importIds.push(await importSystem(system, taskIds));
  const suite = await createPairwiseSuite({
    actor: admin,
    input: { name: "judged", key: `pw-j-${prefix}`, design: "all_pairs", overlap_k: 1, import_ids: importIds },
  });
  return { suite, systems };
}

const endpoint = (url: string): JudgeEndpoint => ({
  baseUrl: url,
  model: "fake-pairwise-judge",
  concurrency: 8,
  timeoutMs: 30_000, // generous: under load a 5 s timeout failed 9 of 150 calls
  maxAttempts: 2,
});

/** The text between a tag pair of the judge's user message. */
function section(messages: unknown[] | undefined, tag: string): string {
  const user = (messages as { role: string; content: string }[]).find((message) => message.role === "user")!;
  return new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(user.content)?.[1] ?? "";
}

describe("pairwise judge runs", () => {
  it("with a judge that prefers the left response: every verdict flips, the report shows position bias 100%, stored verdicts are ties", async () => {
    const { suite, systems } = await allPairsSuite(50);
    expect(suite.pairs).toBe(150);
    server = await startFakeChatCompletionsServer({ respond: () => scriptedPairwiseReply("left") });
    const started = await startPairwiseJudgeRun({ actor: admin, suiteId: suite.id, endpoint: endpoint(server.url) });
    expect(started.status).toBe("running");
    await pairwiseJudgeRunFinished(started.id);
    // Both orders of every pair were asked.
    expect(server.requests).toHaveLength(300);

    const run = await getPairwiseJudgeRun({ actor: admin, runId: started.id });
    expect(run.status).toBe("completed");
    expect({ progress: run.progress, failures: run.failures.slice(0, 3) }).toEqual({
      progress: { total: 150, pending: 0, stored: 150, failed: 0 },
      failures: [],
    });
    expect(run.consistency.flips).toBe(150);
    expect(run.consistency.flipRate).toBe(1);
    expect(run.consistency.positionBias).toMatchObject({ judgments: 300, wins: 300, rate: 1 });

    // Two llm_judge records and two sidecar rows per pair, no assignment; combined verdicts are ties.
    const rows = await db().pairwiseJudgment.findMany({ where: { suiteId: suite.id } });
    expect(rows).toHaveLength(300);
    expect(new Set(rows.map((row) => row.pairId)).size).toBe(150);
    for (const row of rows) {
      expect(row).toMatchObject({ assignmentId: null, raterType: "llm_judge", judgeRunId: started.id });
      expect(row.preference).toBe("equivalent");
      // From its own side: it won where it was left, lost where it was right.
      expect([row.preferenceShownLeft, row.preferenceShownRight]).toEqual(["better", "worse"]);
    }
    const records = await db().evalRecord.findMany({ where: { evalId: { in: rows.map((row) => row.evalId) } } });
    expect(records).toHaveLength(300);
    for (const record of records.slice(0, 20)) {
      const body = record.body as {
        rater: { type: string; model: string; version: string };
        universal: { vs_reference: string };
      };
      expect(validateAgainstContract(body)).toEqual([]);
      expect(body.rater).toMatchObject({ type: "llm_judge", model: "fake-pairwise-judge" });
      expect(body.rater.version).toMatch(/^aif-pairwise-judge-/);
      expect(body.universal.vs_reference).toBe("equivalent");
    }

    const board = await pairwiseLeaderboard({ actor: admin, suiteId: suite.id, bootstrap: { samples: 200 } });
    expect(board.judgments).toBe(150);
    expect(board.judgeConsistency).toMatchObject({ pairs: 150, flips: 150, flipRate: 1 });
    const judgeBias = board.positionBiasByRaterType.find((entry) => entry.raterType === "llm_judge")!.bias;
    expect(judgeBias.rate).toBe(1);
    expect(judgeBias.interval!.low).toBeGreaterThan(0.9);
    // A pure position bias, cancelled by the swap, leaves every system level.
    const ratings = board.bradleyTerry.scores.map((score) => score.rating);
    for (const rating of ratings) expect(rating).toBeCloseTo(1000, 6);
    expect(board.bradleyTerry.systems).toEqual(systems);
  });

  it("with a judge that prefers one system whichever side it is on: no flips, no bias, that system ranked first", async () => {
    const { suite, systems } = await allPairsSuite(8);
    const rank = (text: string) => systems.findIndex((system) => text.includes(system));
    server = await startFakeChatCompletionsServer({
      respond: ({ body }) => {
        const a = rank(section(body.messages, "response_a"));
        const b = rank(section(body.messages, "response_b"));
        const reply = JSON.parse((scriptedPairwiseReply("left") as { content: string }).content) as Record<
          string,
          unknown
        >;
        // systems[0] is best: a lower rank wins, strongly against the last.
        reply.verdict = a < b ? (b - a === 2 ? "A>>B" : "A>B") : a - b === 2 ? "B>>A" : "B>A";
        return { content: JSON.stringify(reply) };
      },
    });
    const started = await startPairwiseJudgeRun({ actor: admin, suiteId: suite.id, endpoint: endpoint(server.url) });
    await pairwiseJudgeRunFinished(started.id);
    const run = await getPairwiseJudgeRun({ actor: admin, runId: started.id });
    expect(run.consistency).toMatchObject({ pairs: 24, flips: 0, flipRate: 0 });
    expect(run.consistency.positionBias.rate).toBe(0.5);

    const rows = await db().pairwiseJudgment.findMany({ where: { suiteId: suite.id, shownPosition: "left" } });
    for (const row of rows) {
      const expected =
        rank(row.system) < rank(row.opponentSystem)
          ? Math.abs(rank(row.system) - rank(row.opponentSystem)) === 2
            ? "much_better"
            : "better"
          : Math.abs(rank(row.system) - rank(row.opponentSystem)) === 2
            ? "much_worse"
            : "worse";
      expect(row.preference).toBe(expected);
    }
    const board = await pairwiseLeaderboard({ actor: admin, suiteId: suite.id, bootstrap: { samples: 100 } });
    const ranked = [...board.bradleyTerry.scores].sort((a, b) => a.rank - b.rank).map((score) => score.system);
    expect(ranked).toEqual(systems);
    expect(board.judgeConsistency?.flipRate).toBe(0);
  });

  it("fails a pair whose answer is not a pairwise judgment, keeping the judge's raw answers, and stores the rest", async () => {
    const { suite } = await allPairsSuite(2);
    let calls = 0;
    server = await startFakeChatCompletionsServer({
      respond: () => (calls++ === 0 ? { content: '{"verdict":"A>>>B"}' } : scriptedPairwiseReply("tie")),
    });
    const started = await startPairwiseJudgeRun({
      actor: admin,
      suiteId: suite.id,
      endpoint: { ...endpoint(server.url), concurrency: 1 },
    });
    await pairwiseJudgeRunFinished(started.id);
    const run = await getPairwiseJudgeRun({ actor: admin, runId: started.id });
    expect(run.progress).toMatchObject({ total: 6, stored: 5, failed: 1 });
    expect(run.failures[0]!.message).toMatch(/not a valid pairwise judgment/);
    const failed = await db().pairwiseJudgePair.findFirstOrThrow({ where: { runId: started.id, status: "failed" } });
    expect((failed.failure as { rawAnswers: string[] }).rawAnswers[0]).toBe('{"verdict":"A>>>B"}');
    expect(run.consistency).toMatchObject({ pairs: 5, flips: 0 });
  });

  it("resumes a run whose driver died: the sweeper asks only its pending pairs, each stored once, and completes it", async () => {
    const { suite } = await allPairsSuite(6);
    expect(suite.pairs).toBe(18);
    // The dying process's judge answers the first 8 requests (4 pairs), then never answers again.
    let alive = false;
    server = await startFakeChatCompletionsServer({
      respond: ({ index }) => (alive || index < 8 ? scriptedPairwiseReply("left") : { hang: true }),
    });
    const started = await startPairwiseJudgeRun({
      actor: admin,
      suiteId: suite.id,
      endpoint: { ...endpoint(server.url), concurrency: 2 },
    });
    const stored = () => db().pairwiseJudgePair.count({ where: { runId: started.id, status: "stored" } });
    await expect.poll(stored, { timeout: 10_000 }).toBe(4);
    await expect.poll(() => server!.requests.length, { timeout: 10_000 }).toBeGreaterThan(8);
    // The process dies: its driver stops and its heartbeat is 60 s old, as the item-run sweeper test leaves it.
    abandonLocalPairwiseDriver(started.id);
    await pairwiseJudgeRunFinished(started.id);
    await db().pairwiseJudgeRun.update({
      where: { id: started.id },
      data: { heartbeatAt: new Date(Date.now() - 60_000) },
    });
    const dead = await getPairwiseJudgeRun({ actor: admin, runId: started.id });
    expect(dead).toMatchObject({ status: "running", progress: { total: 18, stored: 4, pending: 14, failed: 0 } });
    const storedBefore = new Set(
      (await db().pairwiseJudgePair.findMany({ where: { runId: started.id, status: "stored" } })).map(
        (row) => row.pairId,
      ),
    );
    const askedBefore = server.requests.length;

    alive = true;
    expect(await resumeStaleJudgeRuns({ ...endpoint(server.url), apiKey: undefined })).toContain(started.id);
    // A second sweep finds it fresh again: one resumed driver, not two.
    expect(await resumeStaleJudgeRuns({ ...endpoint(server.url), apiKey: undefined })).not.toContain(started.id);
    await pairwiseJudgeRunFinished(started.id);

    const run = await getPairwiseJudgeRun({ actor: admin, runId: started.id });
    expect(run.status).toBe("completed");
    expect(run.finishedAt).not.toBeNull();
    expect(run.progress).toEqual({ total: 18, pending: 0, stored: 18, failed: 0 });
    // Only the 14 pending pairs were asked, in both orders; none stored before was asked again.
    const resumedRequests = server.requests.slice(askedBefore);
    expect(resumedRequests).toHaveLength(28);
    const systemsAsked = resumedRequests.map((body) =>
      [section(body.messages, "response_a"), section(body.messages, "response_b")].join("|"),
    );
    const pairsBefore = await db().pairwisePair.findMany({ where: { id: { in: [...storedBefore] } } });
    for (const pair of pairsBefore) {
      const answers = [pair.firstSystem, pair.secondSystem].map((system) => `${system} answers ${pair.taskId}`);
      expect(systemsAsked.filter((asked) => answers.every((answer) => asked.includes(answer)))).toEqual([]);
    }
    // Every pair stored exactly once: two sidecar rows (left and right) and two records per pair.
    const perPair = await db().$queryRaw<{ pair_id: string; rows: number; lefts: number }[]>`
      SELECT pair_id::text, count(*)::int AS rows, count(*) FILTER (WHERE shown_position = 'left')::int AS lefts
      FROM pairwise_judgment WHERE judge_run_id = ${started.id}::uuid GROUP BY pair_id`;
    expect(perPair).toHaveLength(18);
    expect(perPair.every((row) => row.rows === 2 && row.lefts === 1)).toBe(true);
    const evalIds = (await db().pairwiseJudgment.findMany({ where: { judgeRunId: started.id } })).map(
      (row) => row.evalId,
    );
    expect(await db().evalRecord.count({ where: { evalId: { in: evalIds } } })).toBe(36);
  });

  it("through the route: admins only, and a clear 409 when no judge endpoint is configured", async () => {
    const { suite } = await allPairsSuite(1);
    const rater = await createTestUser(["rater"]);
    const tokenOf = async (user: TestUser, roles: ("admin" | "rater")[]) =>
      (await createApiToken({ actor: user, name: `pj-${randomUUID().slice(0, 8)}`, roles })).token;
    const call = (token: string, method = "GET") =>
      new Request(`http://127.0.0.1:3000/api/pairwise/suites/${suite.id}/judge-runs`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(method === "POST" ? { "content-type": "application/json" } : {}),
        },
        ...(method === "POST" ? { body: "{}" } : {}),
      });
    const params = { params: Promise.resolve({ suiteId: suite.id }) };
    expect((await startRunRoute(call(await tokenOf(rater, ["rater"]), "POST"), params)).status).toBe(403);
    const adminToken = await tokenOf(admin, ["admin"]);
    const refused = await startRunRoute(call(adminToken, "POST"), params);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/EVALFORM_JUDGE_BASE_URL/);
    const listed = await listRunsRoute(call(adminToken), params);
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { judge_runs: unknown[] }).judge_runs).toEqual([]);
  });
});
