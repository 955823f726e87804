// Two replicas of the built app on one database: a session made on one works
// on the other; raters taking items through both at once never push an item
// past overlap k; an import and a judge run started on one are seen on the
// other; each replica's /api/metrics counts what it served.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { db } from "@/lib/db";
import { validJudgmentFor } from "@/lib/judge/sample-judgments";
import { startFakeChatCompletionsServer, type FakeChatCompletionsServer } from "@/lib/testing/fake-openai-server";
import { createTestDatabase, useDatabaseInThisFile, type TestDatabase } from "@/lib/testing/test-database";
import { nativeItem } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { startApp, type AppProcess } from "./support/app-process";
import { call, signIn } from "./support/http";
import { testPort } from "@/lib/testing/test-ports";

const PORTS = [testPort(3311), testPort(3312)] as const;
const JUDGE_PORT = testPort(3319);
const ITEMS = 24;
const OVERLAP_K = 2;
const RATERS = 8;
const METRICS_TOKEN = randomBytes(32).toString("base64url");

let database: TestDatabase;
let judge: FakeChatCompletionsServer;
let replicas: AppProcess[] = [];
let admin: TestUser;
let raters: TestUser[];

beforeAll(async () => {
  database = await createTestDatabase("replicas");
  useDatabaseInThisFile(database);
  const authSecret = randomBytes(32).toString("base64");
  process.env.BETTER_AUTH_SECRET = authSecret;
  admin = await createTestUser(["admin"], { label: "replica-admin" });
  raters = await Promise.all(
    Array.from({ length: RATERS }, (_, index) => createTestUser(["rater"], { label: `replica-rater${index}` })),
  );
  judge = await startFakeChatCompletionsServer({
    port: JUDGE_PORT,
    respond: () => ({ content: JSON.stringify(validJudgmentFor("chat")), delayMs: 20 }),
  });
  const env = {
    EVALFORM_JUDGE_BASE_URL: `${judge.url}`,
    EVALFORM_JUDGE_MODEL: "scripted-judge",
    EVALFORM_METRICS_TOKEN: METRICS_TOKEN,
  };
  replicas = await Promise.all(PORTS.map((port) => startApp({ port, databaseUrl: database.url, authSecret, env })));
});

afterAll(async () => {
  for (const replica of replicas) replica.kill();
  await judge?.close();
  await db().$disconnect();
  await database?.drop();
});

const ratingDraft = () => {
  const { task: _task, subject: _subject, ...rest } = withoutRater(chatDraft());
  return rest;
};

it("shares sessions, never exceeds overlap k across replicas, and shows one replica's jobs on the other", async () => {
  const [a, b] = replicas as [AppProcess, AppProcess];

  // A session made on A is a session on B.
  const adminCookie = await signIn(a.url, admin.email, admin.password);
  const session = await (await call(b.url, "/api/auth/get-session", { cookie: adminCookie })).json();
  expect(session.user.email).toBe(admin.email);

  // An import read on A is committed, and B reports it so.
  const prefix = `rep-${randomBytes(3).toString("hex")}`;
  const created = await (
    await call(
      a.url,
      "/api/imports",
      { cookie: adminCookie },
      { body: { format: "items", file_name: "replicas.jsonl" } },
    )
  ).json();
  const lines = Array.from({ length: ITEMS }, (_, index) => JSON.stringify(nativeItem(`${prefix}-${index}`))).join(
    "\n",
  );
  const read = await call(
    a.url,
    `/api/imports/${created.id}/file`,
    { cookie: adminCookie },
    { method: "PUT", rawBody: lines },
  );
  expect(read.status).toBe(200);
  expect(await (await call(b.url, `/api/imports/${created.id}`, { cookie: adminCookie })).json()).toMatchObject({
    status: "committed",
    imported: ITEMS,
  });

  // A suite made on B over the import from A.
  const suiteResponse = await call(
    b.url,
    "/api/suites",
    { cookie: adminCookie },
    {
      body: {
        name: "Replicas",
        key: prefix,
        overlap_k: OVERLAP_K,
        gold_share: 0,
        hold_minutes: 30,
        rater_ids: raters.map((rater) => rater.userId),
        import_ids: [created.id],
      },
    },
  );
  expect(suiteResponse.status).toBe(201);
  const suiteId = (await suiteResponse.json()).id as string;

  // A judge run started on A, watched to completion from B.
  const runResponse = await call(
    a.url,
    `/api/suites/${suiteId}/judge-runs`,
    { cookie: adminCookie },
    { body: { n_samples: 1 } },
  );
  expect(runResponse.status).toBe(201);
  const runId = (await runResponse.json()).id as string;
  await expect
    .poll(async () => (await (await call(b.url, `/api/judge-runs/${runId}`, { cookie: adminCookie })).json()).status, {
      timeout: 60_000,
      interval: 250,
    })
    .toBe("completed");
  expect(
    (await (await call(b.url, `/api/judge-runs/${runId}`, { cookie: adminCookie })).json()).progress,
  ).toMatchObject({ total: ITEMS, stored: ITEMS, failed: 0 });

  // Raters sign in on A, then take and submit items alternating between the replicas, all at once.
  const started = performance.now();
  const requests = { next: 0, submit: 0, byReplica: [0, 0] };
  let turn = 0;
  const replicaFor = () => {
    const index = turn++ % 2;
    requests.byReplica[index]! += 1;
    return replicas[index]!;
  };
  await Promise.all(
    raters.map(async (rater) => {
      const cookie = await signIn(a.url, rater.email, rater.password);
      for (;;) {
        requests.next += 1;
        const next = await (
          await call(replicaFor().url, `/api/suites/${suiteId}/next`, { cookie }, { method: "POST" })
        ).json();
        if (next.assignment_id === null) {
          if (next.reason === "finished") return;
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        requests.submit += 1;
        const submitted = await call(
          replicaFor().url,
          `/api/assignments/${next.assignment_id}/submit`,
          { cookie },
          { body: { draft: ratingDraft() } },
        );
        expect(submitted.status).toBe(201);
      }
    }),
  );
  const elapsedMs = Math.round(performance.now() - started);

  const perItem = await db().$queryRaw<{ assignments: number; submitted: number; raters: number }[]>`
    SELECT count(*)::int AS assignments, count(*) FILTER (WHERE status = 'submitted')::int AS submitted, count(DISTINCT rater_key)::int AS raters
    FROM assignment WHERE suite_id = ${suiteId}::uuid GROUP BY item_id`;
  const humanRecords = await db().evalRecord.count({
    where: { raterType: "human", submittedById: { in: raters.map((rater) => rater.userId) } },
  });
  const figures = {
    replicas: PORTS,
    items: ITEMS,
    overlap_k: OVERLAP_K,
    raters: RATERS,
    requests: requests.next + requests.submit,
    next_calls: requests.next,
    submits: requests.submit,
    requests_per_replica: requests.byReplica,
    max_assignments_per_item: Math.max(...perItem.map((row) => row.assignments)),
    min_submitted_per_item: Math.min(...perItem.map((row) => row.submitted)),
    records: humanRecords,
    rating_ms: elapsedMs,
  };
  console.log(`Replica test: ${JSON.stringify(figures)}`);

  expect(perItem).toHaveLength(ITEMS);
  for (const row of perItem) {
    expect(row.assignments).toBeLessThanOrEqual(OVERLAP_K);
    expect(row.submitted).toBe(OVERLAP_K);
    expect(row.raters).toBe(row.assignments);
  }
  expect(humanRecords).toBe(ITEMS * OVERLAP_K);
  expect(requests.byReplica.every((count) => count > ITEMS)).toBe(true);

  // Each replica counts what it stored; together, every record. Without the token: 401.
  const stored = await Promise.all(
    replicas.map(async (replica) => {
      expect((await call(replica.url, "/api/metrics", {})).status).toBe(401);
      const text = await (await call(replica.url, "/api/metrics", { token: METRICS_TOKEN })).text();
      const line = text
        .split("\n")
        .find((candidate) => candidate.startsWith('evalform_records_stored_total{rater_type="human"} '));
      return Number(line?.split(" ")[1] ?? 0);
    }),
  );
  expect(stored.every((count) => count > 0)).toBe(true);
  expect(stored[0]! + stored[1]!).toBe(ITEMS * OVERLAP_K);
});
