// /api/metrics' content against the migrated test database: counters move
// when records are stored and items imported, pool gauges see a starved pool,
// queue depth sees a judge run's waiting and claimed items, request latency is
// labelled by route template.
import { afterAll, beforeAll, expect, it } from "vitest";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { db, poolStats } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { observeRequest } from "@/lib/http/api-handler";
import { cancelJudgeRun, judgeQueueDepth, startJudgeRun } from "@/lib/judge-runs/service";
import { submitRecord } from "@/lib/records/submit-record";
import { createSuite } from "@/lib/suites/service";
import { startFakeChatCompletionsServer, type FakeChatCompletionsServer } from "@/lib/testing/fake-openai-server";
import { importTestItems } from "@/lib/testing/test-items";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { countExport } from "./metrics";
import { renderMetrics } from "./metrics-scrape";

let admin: TestUser;
let rater: TestUser;
let judge: FakeChatCompletionsServer | null = null;
beforeAll(async () => {
  [admin, rater] = await Promise.all([createTestUser(["admin"]), createTestUser(["rater"])]);
});
afterAll(async () => {
  await judge?.close();
  await db().$disconnect();
});

/** The value of one sample line, e.g. sample(text, 'evalform_records_stored_total{rater_type="human"}'). */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function scrape(): Promise<string> {
  return (await renderMetrics()).body;
}

it("counts stored records by rater type", async () => {
  const before = await scrape();
  await submitRecord({ actor: rater, draft: withoutRater(chatDraft()) });
  await submitRecord({ actor: rater, draft: withoutRater(chatDraft()) });
  const after = await scrape();
  expect(
    sample(after, 'evalform_records_stored_total{rater_type="human"}') -
      sample(before, 'evalform_records_stored_total{rater_type="human"}'),
  ).toBe(2);
});

it("counts committed imports and the items they added", async () => {
  const before = await scrape();
  await importTestItems(admin, 3);
  const after = await scrape();
  expect(sample(after, "evalform_imports_committed_total") - sample(before, "evalform_imports_committed_total")).toBe(
    1,
  );
  expect(sample(after, "evalform_import_items_total") - sample(before, "evalform_import_items_total")).toBe(3);
});

it("counts exports, their records and bytes", async () => {
  const before = await scrape();
  countExport(120, 45_000);
  const after = await scrape();
  expect(sample(after, "evalform_exports_total") - sample(before, "evalform_exports_total")).toBe(1);
  expect(sample(after, "evalform_export_records_total") - sample(before, "evalform_export_records_total")).toBe(120);
  expect(sample(after, "evalform_export_bytes_total") - sample(before, "evalform_export_bytes_total")).toBe(45_000);
});

it("shows the pool's open, idle and waiting figures while it is starved", async () => {
  const max = getEnv().DATABASE_POOL_MAX;
  // Two more sleeping queries than the pool has connections: two wait.
  // (Prisma queries start when awaited: Promise.all sends them all now.)
  const sleepers = Promise.all(Array.from({ length: max + 2 }, () => db().$executeRaw`SELECT pg_sleep(0.6)`));
  await new Promise((resolve) => setTimeout(resolve, 250));
  const app = poolStats().find((stats) => stats.pool === "app");
  expect(app).toMatchObject({ total: max, idle: 0 });
  expect(app!.waiting).toBeGreaterThanOrEqual(2);
  const during = await renderMetrics();
  expect(sample(during.body, 'evalform_db_pool_connections{pool="app",state="total"}')).toBe(max);
  expect(sample(during.body, 'evalform_db_pool_waiting_requests{pool="app"}')).toBeGreaterThanOrEqual(2);
  await sleepers;
  const after = await scrape();
  expect(sample(after, 'evalform_db_pool_waiting_requests{pool="app"}')).toBe(0);
  expect(sample(after, 'evalform_db_pool_connections{pool="app",state="idle"}')).toBeGreaterThan(0);
});

it("shows a running judge run's pending and claimed items as queue depth", async () => {
  const { importId } = await importTestItems(admin, 30);
  const suite = await createSuite({
    actor: admin,
    input: {
      name: "Queued",
      key: `queued-${importId.slice(0, 8)}`,
      overlap_k: 1,
      gold_share: 0,
      hold_minutes: 30,
      rater_ids: [],
      import_ids: [importId],
    },
  });
  // A judge that never answers: two items stay claimed, the rest pending.
  judge = await startFakeChatCompletionsServer({ respond: () => ({ hang: true }) });
  const run = await startJudgeRun({
    actor: admin,
    suiteId: suite.id,
    input: { n_samples: 1 },
    endpoint: { baseUrl: judge.url, model: "hangs", concurrency: 2, timeoutMs: 60_000, maxAttempts: 1 },
  });
  await expect.poll(async () => (await judgeQueueDepth()).claimed, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
  const text = await scrape();
  // Other test files may run judge runs at the same time: this run's own items are a floor.
  expect(sample(text, 'evalform_job_queue_depth{queue="judge_run_item",state="pending"}')).toBeGreaterThanOrEqual(28);
  expect(sample(text, 'evalform_job_queue_depth{queue="judge_run_item",state="claimed"}')).toBeGreaterThanOrEqual(2);
  expect(text).toContain('evalform_job_queue_depth{queue="item_import",state="reading"}');
  await cancelJudgeRun({ actor: admin, runId: run.id });
});

it("times API requests by route template, method and status, never by concrete path", async () => {
  await observeRequest(
    // A route without a contract is named from the table of templates (a contract names its own: define-route.test.ts).
    new Request("http://app.test/api/suites/0b6c3d4e-1f20-4a5b-8c9d-0e1f2a3b4c5d/prefills", { method: "POST" }),
    async () => Response.json({}, { status: 200 }),
  );
  const text = await scrape();
  expect(
    sample(
      text,
      'evalform_http_request_duration_seconds_count{route="/api/suites/[suiteId]/prefills",method="POST",status="200"}',
    ),
  ).toBeGreaterThanOrEqual(1);
  expect(text).not.toContain("0b6c3d4e-1f20-4a5b-8c9d-0e1f2a3b4c5d");
});
