// Judge runs against a local server that speaks the OpenAI chat-completions
// protocol: n samples aggregated into one stored record, failures reported
// with the judge's raw answers, retries, the concurrency limit, cancelling.
import * as testDatabases from "@/lib/testing/test-database";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { JudgeEndpoint } from "@/lib/env";
import { judgeRaterId, JUDGE_PROMPT_VERSION } from "@/lib/judge/prompt";
import { validJudgmentFor } from "@/lib/judge/sample-judgments";
import { getRecord } from "@/lib/records/read-records";
import { createSuite } from "@/lib/suites/service";
import {
  startFakeChatCompletionsServer,
  type FakeChatCompletionsServer,
  type FakeReply,
} from "@/lib/testing/fake-openai-server";
import { importTestItems } from "@/lib/testing/test-items";
import { rejection } from "@/lib/testing/rejection";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { cancelJudgeRun, getJudgeRun, startJudgeRun } from "./service";
import { resumeStaleJudgeRuns } from "./sweeper";
import { localDriverFinished } from "./worker";

// A database of its own: its sweeper resumes every stale judge run in the database, and test files run side by side (vitest.config.ts).
const database = await testDatabases.createTestDatabase("judge_runs");
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

async function suiteOf(count: number) {
  const { importId, taskIds } = await importTestItems(admin, count);
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Judged",
      key: `judged-${importId.slice(0, 8)}`,
      overlap_k: 1,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: [],
      import_ids: [importId],
    },
  });
  return { suite, taskIds };
}

/** The task id an item's judge request is about (the prompt names it). */
function taskOf(messages: unknown[]): string {
  const text = JSON.stringify(messages);
  return /Prompt of (t-[0-9a-f]+-\d+)/.exec(text)?.[1] ?? "";
}

function endpoint(url: string, overrides: Partial<JudgeEndpoint> = {}): JudgeEndpoint {
  return {
    baseUrl: url,
    model: "fake-judge",
    apiKey: "test-key",
    concurrency: 4,
    timeoutMs: 30_000, // generous: a loaded machine must not turn a success into a timeout (the timeout tests set their own)
    maxAttempts: 3,
    ...overrides,
  };
}

const answer = (helpfulness: number): FakeReply => ({
  content: JSON.stringify(
    validJudgmentFor("chat", {
      universal: {
        ...validJudgmentFor("chat").universal,
        helpfulness: { score: helpfulness, confidence: "high", rationale: `score ${helpfulness}` },
      },
    }),
  ),
});

describe("judge runs", () => {
  it("aggregates n samples into one valid record per item and reports every failure with the raw answers", async () => {
    const { suite, taskIds } = await suiteOf(4);
    const [good, malformed, outOfRange, throttled] = taskIds as [string, string, string, string];
    const perTask = new Map<string, number>();
    server = await startFakeChatCompletionsServer({
      apiKey: "test-key",
      respond: ({ messages }) => {
        const task = taskOf(messages);
        const seen = perTask.get(task) ?? 0;
        perTask.set(task, seen + 1);
        if (task === good) return answer([3, 4, 4][seen % 3]!);
        if (task === malformed) return { content: '{"universal": {"helpfulness": ' };
        if (task === outOfRange) return answer(7);
        if (task === throttled)
          return seen === 0
            ? { status: 429, body: '{"error":{"message":"slow down"}}', headers: { "retry-after": "0" } }
            : answer(5);
        return { status: 500 };
      },
    });
    const run = await startJudgeRun({
      actor: admin,
      suiteId: suite.id,
      input: { n_samples: 3, temperature: 0.5 },
      endpoint: endpoint(server.url),
    });
    await localDriverFinished(run.id);
    const finished = await getJudgeRun({ actor: admin, runId: run.id });
    expect(finished.status).toBe("completed");
    expect(finished.progress).toMatchObject({ total: 4, stored: 2, failed: 2, pending: 0, running: 0 });

    const stored = await db().judgeRunItem.findMany({
      where: { runId: run.id, status: "stored" },
      include: { item: { select: { taskId: true } } },
    });
    const byTask = new Map(stored.map((row) => [row.item.taskId, row.judgeEvalId!]));
    const record = (await getRecord({ actor: admin, evalId: byTask.get(good)! })).body;
    expect(record.rater).toEqual({
      type: "llm_judge",
      id: judgeRaterId("fake-judge", "chat"),
      model: "fake-judge",
      version: JUDGE_PROMPT_VERSION,
      n_samples: 3,
    });
    expect((record.universal.helpfulness as { score: number }).score).toBe(3.67);
    expect(record.task.suite_id).toBe(suite.key);
    expect(byTask.has(throttled)).toBe(true);
    expect(await db().reviewTask.count({ where: { judgeRunId: run.id, status: "open" } })).toBe(2);
    // Each stored judge record counts in the run's suite, as a judge run's (lib/records/counted-in.ts).
    const counted = await db().suiteRecord.findMany({ where: { suiteId: suite.id }, orderBy: { evalId: "asc" } });
    expect(counted.map((row) => [row.evalId, row.flow])).toEqual(
      [...byTask.values()].sort().map((evalId) => [evalId, "judge_run"]),
    );

    const failures = new Map(finished.failures.map((entry) => [entry.taskId, entry]));
    expect(failures.get(malformed)?.failure).toMatchObject({
      stage: "answer",
      rawAnswers: expect.arrayContaining(['{"universal": {"helpfulness": ']),
    });
    expect(failures.get(malformed)?.failure.issues?.[0]?.rule).toBe("json");
    expect(failures.get(outOfRange)?.failure.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: "/universal/helpfulness/score", rule: "maximum" })]),
    );
    // The throttled item was asked once more than its samples; every request named the model and asked for the schema.
    expect(perTask.get(throttled)).toBe(4);
    expect(
      server.requests.every(
        (body) => body.model === "fake-judge" && (body.response_format as { type?: string })?.type === "json_schema",
      ),
    ).toBe(true);
  });

  it("never has more requests in flight than the concurrency limit", async () => {
    const { suite } = await suiteOf(6);
    let inFlight = 0;
    let peak = 0;
    server = await startFakeChatCompletionsServer({
      respond: async () => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 30));
        inFlight -= 1;
        return answer(4);
      },
    });
    const run = await startJudgeRun({
      actor: admin,
      suiteId: suite.id,
      input: { n_samples: 3 },
      endpoint: endpoint(server.url, { apiKey: undefined, concurrency: 2 }),
    });
    await localDriverFinished(run.id);
    expect((await getJudgeRun({ actor: admin, runId: run.id })).progress.stored).toBe(6);
    expect(peak).toBe(2);
  });

  it("stops on cancel: requests in flight are aborted and no record is stored after it", async () => {
    const { suite } = await suiteOf(5);
    server = await startFakeChatCompletionsServer({ respond: () => ({ hang: true }) });
    const run = await startJudgeRun({
      actor: admin,
      suiteId: suite.id,
      input: { n_samples: 1 },
      endpoint: endpoint(server.url, { timeoutMs: 30_000, concurrency: 2 }),
    });
    await expect.poll(() => server!.requests.length).toBe(2);
    const cancelled = await cancelJudgeRun({ actor: admin, runId: run.id });
    expect(cancelled.status).toBe("cancelled");
    await localDriverFinished(run.id);
    const after = await getJudgeRun({ actor: admin, runId: run.id });
    expect(after.progress).toMatchObject({ total: 5, stored: 0, cancelled: 5, pending: 0, running: 0 });
    expect(await db().reviewTask.count({ where: { judgeRunId: run.id } })).toBe(0);
  });

  it("retries a timed-out request and reports the item once every attempt has timed out", async () => {
    const { suite } = await suiteOf(1);
    server = await startFakeChatCompletionsServer({ respond: () => ({ hang: true }) });
    const run = await startJudgeRun({
      actor: admin,
      suiteId: suite.id,
      input: { n_samples: 1 },
      endpoint: endpoint(server.url, { timeoutMs: 200, maxAttempts: 2 }),
    });
    await localDriverFinished(run.id);
    const finished = await getJudgeRun({ actor: admin, runId: run.id });
    expect(finished.failures[0]?.failure).toMatchObject({ stage: "request" });
    expect(finished.failures[0]?.failure.message).toMatch(/after 2 attempts/);
    expect(server.requests).toHaveLength(2);
  });

  it("resumes a run whose process died: its lapsed claim is taken over and the run completes", async () => {
    const { suite } = await suiteOf(3);
    server = await startFakeChatCompletionsServer({ respond: () => answer(4) });
    const run = await db().judgeRun.create({
      data: {
        suiteId: suite.id,
        baseUrl: server.url,
        model: "fake-judge",
        promptVersion: "aif-judge-1",
        nSamples: 1,
        concurrency: 2,
        temperature: 0,
        createdById: admin.userId,
        heartbeatAt: new Date(Date.now() - 60_000),
      },
    });
    await db()
      .$executeRaw`INSERT INTO judge_run_item (run_id, item_id, position) SELECT ${run.id}::uuid, item_id, position FROM suite_item WHERE suite_id = ${suite.id}::uuid`;
    // The dead process held one item; its claim ran out.
    await db()
      .$executeRaw`UPDATE judge_run_item SET status = 'running', attempts = 1, claimed_until = now() - interval '1 second'
      WHERE run_id = ${run.id}::uuid AND position = (SELECT min(position) FROM judge_run_item WHERE run_id = ${run.id}::uuid)`;
    expect(await resumeStaleJudgeRuns(endpoint(server.url, { apiKey: undefined }))).toContain(run.id);
    await localDriverFinished(run.id);
    const finished = await getJudgeRun({ actor: admin, runId: run.id });
    expect(finished.status).toBe("completed");
    expect(finished.progress).toMatchObject({ total: 3, stored: 3 });
    expect(await db().reviewTask.count({ where: { judgeRunId: run.id } })).toBe(3);
  });

  it("refuses bad settings and non-admins, naming the field", async () => {
    const { suite } = await suiteOf(1);
    const rater = await createTestUser(["rater"]);
    const url = "http://127.0.0.1:9/v1";
    expect(
      (await rejection(startJudgeRun({ actor: rater, suiteId: suite.id, input: {}, endpoint: endpoint(url) }))).code,
    ).toBe("FORBIDDEN");
    const bad = await rejection(
      startJudgeRun({ actor: admin, suiteId: suite.id, input: { n_samples: 0 }, endpoint: endpoint(url) }),
    );
    expect(bad.issues.map((issue) => issue.path)).toEqual(["/n_samples"]);
    expect(await db().judgeRun.count({ where: { suiteId: suite.id } })).toBe(0);
  });
});
