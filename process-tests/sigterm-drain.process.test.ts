// The SIGTERM drill: a burst of submits against the built app, SIGTERM in the
// middle of it. Every submit that was acknowledged (201) is stored exactly
// once, nothing is stored that was not acknowledged, requests in flight at the
// signal still finish, later ones are refused, and the app exits 0.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { createApiToken } from "@/lib/auth/api-tokens";
import { db } from "@/lib/db";
import { createTestDatabase, useDatabaseInThisFile, type TestDatabase } from "@/lib/testing/test-database";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { startApp, type AppProcess } from "./support/app-process";
import { testPort } from "@/lib/testing/test-ports";

const PORT = testPort(3301);
const SUBMITS = 300;
const CONCURRENCY = 24;
const SIGTERM_AFTER_ACKNOWLEDGED = 60;

let database: TestDatabase;
let app: AppProcess | null = null;
let rater: TestUser;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase("drain");
  useDatabaseInThisFile(database);
  process.env.BETTER_AUTH_SECRET = randomBytes(32).toString("base64");
  rater = await createTestUser(["rater"], { label: "drill" });
  token = (await createApiToken({ actor: rater, name: "drill", roles: ["rater"] })).token;
  app = await startApp({ port: PORT, databaseUrl: database.url, authSecret: process.env.BETTER_AUTH_SECRET });
});

afterAll(async () => {
  app?.kill();
  await db().$disconnect();
  await database?.drop();
});

type Outcome = {
  taskId: string;
  sentAt: number;
  doneAt: number;
  status?: number;
  evalId?: string;
  requestId?: string | null;
  error?: string;
};

async function submit(url: string, index: number): Promise<Outcome> {
  const taskId = `drill-${index}`;
  const draft = withoutRater(chatDraft({ task: { ...chatDraft().task, task_id: taskId } }));
  const sentAt = performance.now();
  try {
    const response = await fetch(`${url}/api/records`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(draft),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json().catch(() => ({}))) as { eval_id?: string };
    return {
      taskId,
      sentAt,
      doneAt: performance.now(),
      status: response.status,
      evalId: body.eval_id,
      requestId: response.headers.get("x-request-id"),
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return { taskId, sentAt, doneAt: performance.now(), error: cause?.code ?? (error as Error).name };
  }
}

it("stores every acknowledged submit exactly once when SIGTERM arrives mid-burst, and exits 0", async () => {
  const running = app!;
  const outcomes: Outcome[] = [];
  let next = 0;
  let acknowledged = 0;
  let sigtermAt: number | null = null;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < SUBMITS) {
        const outcome = await submit(running.url, next++);
        outcomes.push(outcome);
        if (outcome.status === 201) acknowledged += 1;
        if (acknowledged >= SIGTERM_AFTER_ACKNOWLEDGED && sigtermAt === null) {
          sigtermAt = performance.now();
          running.child.kill("SIGTERM");
        }
      }
    }),
  );
  const exit = await running.exited;
  const stopped = performance.now();

  const ok = outcomes.filter((outcome) => outcome.status === 201);
  const refused503 = outcomes.filter((outcome) => outcome.status === 503);
  const failed = outcomes.filter((outcome) => outcome.error);
  const other = outcomes.filter(
    (outcome) => outcome.status !== undefined && outcome.status !== 201 && outcome.status !== 503,
  );
  const finishedAfterSignal = ok.filter((outcome) => outcome.sentAt < sigtermAt! && outcome.doneAt > sigtermAt!);
  const rows = await db().evalRecord.findMany({
    where: { submittedById: rater.userId },
    select: { evalId: true, taskId: true },
  });

  const figures = {
    submits: outcomes.length,
    acknowledged_201: ok.length,
    finished_after_sigterm: finishedAfterSignal.length,
    refused_503: refused503.length,
    connection_errors: Object.fromEntries(
      [...new Set(failed.map((outcome) => outcome.error))].map((code) => [
        code,
        failed.filter((outcome) => outcome.error === code).length,
      ]),
    ),
    stored: rows.length,
    exit_code: exit.code,
    sigterm_to_exit_ms: Math.round(stopped - sigtermAt!),
    burst_ms: Math.round(stopped - started),
  };
  console.log(`SIGTERM drill: ${JSON.stringify(figures)}`);

  expect(exit).toEqual({ code: 0, signal: null });
  expect(other).toEqual([]);
  // Each acknowledged eval_id is stored, once; nothing unacknowledged was stored.
  expect(rows.map((row) => row.evalId).sort()).toEqual(ok.map((outcome) => outcome.evalId).sort());
  expect(new Set(rows.map((row) => row.taskId)).size).toBe(rows.length);
  // The signal came mid-burst: submits in flight at it were finished, later ones refused.
  expect(finishedAfterSignal.length).toBeGreaterThan(0);
  expect(refused503.length + failed.length).toBeGreaterThan(0);
  expect(ok.length + refused503.length + failed.length).toBe(SUBMITS);

  // The request id each client got is the one on the app's log line for its request.
  const logs = running.logLines();
  const logged = new Map(
    logs
      .filter((line) => line.msg === "request" && line.route === "/api/records")
      .map((line) => [line.request_id, line]),
  );
  for (const outcome of ok)
    expect(logged.get(outcome.requestId)).toMatchObject({ status: 201, method: "POST", user_id: rater.userId });
  expect(
    logs.some(
      (line) => line.msg === "draining: refusing new requests, finishing those in flight" && line.signal === "SIGTERM",
    ),
  ).toBe(true);
  // Neither the token nor any record content reached the logs.
  expect(running.output()).not.toContain(token);
  expect(running.output()).not.toContain(chatDraft().task.prompt);
});
