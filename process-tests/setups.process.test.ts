// Every way users run evalform holds under concurrent use: the embedded
// default exactly as `npm run serve` starts it, a direct PostgreSQL, and
// PgBouncer in transaction mode as the README configures it. On each: raters
// racing for the last slots, one rater's records from 16 requests at once,
// exports while they submit, an import while exporting, a judge run while an
// SME reviews — every acknowledgement counted against what was stored. (Bad
// input and the database going away under load are drills run on each setup:
// `npm run drills -- --setups embedded,direct,pgbouncer`.)
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validJudgmentFor } from "@/lib/judge/sample-judgments";
import { createDbClient, type Db } from "@/lib/db";
import { startFakeChatCompletionsServer, type FakeChatCompletionsServer } from "@/lib/testing/fake-openai-server";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { startApp, type AppProcess } from "./support/app-process";
import { prepareSetup, SETUP_NAMES, type DatabaseSetup, type SetupName } from "./support/database-setups";
import { call, signIn } from "./support/http";
import {
  createSuite,
  exportAll,
  importItems,
  rateUntilFinished,
  reviewWhileJudging,
  submitFreeForm,
} from "./support/workload";
import { testPort } from "@/lib/testing/test-ports";

const PORTS: Record<SetupName, number> = {
  embedded: testPort(3331),
  direct: testPort(3332),
  pgbouncer: testPort(3333),
};
const JUDGE_PORT = testPort(3339);
const RATERS = 7;
const SUITE_ITEMS = 24;
const K = 2;

let judge: FakeChatCompletionsServer;
beforeAll(async () => {
  judge = await startFakeChatCompletionsServer({
    port: JUDGE_PORT,
    respond: () => ({ content: JSON.stringify(validJudgmentFor("chat")), delayMs: 15 }),
  });
});
afterAll(async () => judge?.close());

describe.each(SETUP_NAMES)("on the %s setup", (name) => {
  const adminEmail = `admin-${randomBytes(3).toString("hex")}@setups.evalform.local`;
  const adminPassword = `pw-${randomBytes(12).toString("base64url")}`;
  let setup: DatabaseSetup;
  let app: AppProcess;
  let database: Db;
  let sql: pg.Pool;
  let adminCookie: string;
  let raters: TestUser[];
  let sme: TestUser;

  beforeAll(async () => {
    setup = await prepareSetup(name, { label: "setups" });
    app = await startApp({
      port: PORTS[name],
      env: {
        ...setup.appEnv,
        EVALFORM_ADMIN_EMAIL: adminEmail,
        EVALFORM_ADMIN_PASSWORD: adminPassword,
        EVALFORM_LOG_LEVEL: "warn",
        EVALFORM_JUDGE_BASE_URL: judge.url,
        EVALFORM_JUDGE_MODEL: "scripted-judge",
      },
    });
    database = createDbClient({ databaseUrl: setup.databaseUrl(), poolMax: 2 });
    sql = new pg.Pool({ connectionString: setup.databaseUrl(), max: 2 });
    sql.on("error", () => undefined);
    raters = await Promise.all(
      Array.from({ length: RATERS }, (_, index) =>
        createTestUser(["rater"], { client: database, label: `${name}-rater${index}` }),
      ),
    );
    sme = await createTestUser(["sme"], { client: database, label: `${name}-sme` });
    adminCookie = await signIn(app.url, adminEmail, adminPassword);
  });

  afterAll(async () => {
    await database?.$disconnect();
    await sql?.end();
    // Ctrl+C for the embedded default (as a user in a terminal stops it), SIGTERM (an orchestrator) for the others.
    const stopped = await app?.stop(name === "embedded" ? "SIGINT" : "SIGTERM");
    const serverLeftRunning = setup?.serverRunning?.() ?? false;
    app?.kill();
    await setup?.stop();
    // A clean stop: the app drained, stopped its embedded server (if any) and exited 0.
    expect(stopped).toEqual({ code: 0, signal: null });
    expect(serverLeftRunning).toBe(false);
  });

  it("raters, exports, an import, a judge run and an SME at once: every acknowledgement stored once, every export whole and valid", async () => {
    const tag = `${name}-${randomBytes(3).toString("hex")}`;
    const queueImport = await importItems(
      app,
      adminCookie,
      Array.from({ length: SUITE_ITEMS }, (_, index) => `${tag}-q${index}`),
    );
    const judgeImport = await importItems(
      app,
      adminCookie,
      Array.from({ length: 12 }, (_, index) => `${tag}-j${index}`),
    );
    const queueSuite = await createSuite(app, adminCookie, {
      key: `${tag}-queue`,
      k: K,
      raterIds: raters.map((rater) => rater.userId),
      importIds: [queueImport.id],
    });
    const judgeSuite = await createSuite(app, adminCookie, {
      key: `${tag}-judge`,
      k: 1,
      raterIds: [sme.userId],
      importIds: [judgeImport.id],
    });
    const raterCookies = await Promise.all(raters.map((rater) => signIn(app.url, rater.email, rater.password)));
    const smeCookie = await signIn(app.url, sme.email, sme.password);
    const run = await call(
      app.url,
      `/api/suites/${judgeSuite}/judge-runs`,
      { cookie: adminCookie },
      { body: { n_samples: 1 } },
    );
    expect(run.status).toBe(201);
    const runId = ((await run.json()) as { id: string }).id;

    const [free, queue, exports, lateImport, review] = await Promise.all([
      submitFreeForm(app, raterCookies[0]!, { tag: `${tag}-free`, total: 200, clients: 16 }),
      Promise.all(raterCookies.slice(1).map((cookie) => rateUntilFinished(app, cookie, queueSuite))),
      Promise.all(
        [0, 150, 300].map(async (delay) => {
          await new Promise((resolve) => setTimeout(resolve, delay));
          return exportAll(app, adminCookie);
        }),
      ),
      importItems(
        app,
        adminCookie,
        Array.from({ length: 50 }, (_, index) => `${tag}-late${index}`),
      ),
      reviewWhileJudging(app, { smeCookie, adminCookie, suiteId: judgeSuite, runId }),
    ]);

    // One rater's 200 submits from 16 requests at once: all acknowledged, all stored once.
    expect(Object.fromEntries(free.statuses)).toEqual({ "201": 200 });
    const freeRows = (
      await sql.query<{ task_id: string; eval_id: string }>(
        "SELECT task_id, eval_id FROM eval_record WHERE task_id LIKE $1",
        [`${tag}-free-%`],
      )
    ).rows;
    expect(freeRows.length).toBe(200);
    expect(new Map(freeRows.map((row) => [row.task_id, row.eval_id]))).toEqual(free.acknowledged);

    // Six raters racing for 48 slots: every slot filled once, no item past k, no rater twice on an item.
    const queueAcks = queue.flatMap((rater) => rater.acknowledged);
    expect(queue.flatMap((rater) => rater.statuses).filter((status) => !/ (200|201)$/.test(status))).toEqual([]);
    expect(queueAcks.length).toBe(SUITE_ITEMS * K);
    const perItem = (
      await sql.query<{ submitted: number; raters: number }>(
        "SELECT count(*) FILTER (WHERE status = 'submitted')::int AS submitted, count(DISTINCT rater_key)::int AS raters FROM assignment WHERE suite_id = $1 GROUP BY item_id",
        [queueSuite],
      )
    ).rows;
    expect(perItem.length).toBe(SUITE_ITEMS);
    expect(perItem.every((row) => row.submitted === K && row.raters === K)).toBe(true);
    const queueRows = (
      await sql.query<{ eval_id: string }>("SELECT eval_id FROM eval_record WHERE eval_id = ANY($1::uuid[])", [
        queueAcks,
      ])
    ).rows;
    expect(queueRows.length).toBe(queueAcks.length);

    // Exports taken while all of this ran: each whole (its lines = its announced count), distinct and valid.
    for (const taken of exports) {
      expect(taken.status).toBe(200);
      expect(taken.lines).toBe(taken.announced);
      expect(taken.distinct).toBe(taken.lines);
      expect(taken.invalid).toBe(0);
    }
    expect(lateImport).toMatchObject({ status: "committed", imported: 50 });

    // The judge run finished while the SME reviewed: one prefill per item, one hybrid record per acknowledged review.
    expect(review.runStatus).toBe("completed");
    expect(review.acknowledged.length).toBe(12);
    const hybrids = (
      await sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM eval_record WHERE rater_type = 'hybrid' AND eval_id = ANY($1::uuid[]) AND derived_from IS NOT NULL",
        [review.acknowledged],
      )
    ).rows[0]!.n;
    expect(hybrids).toBe(12);

    // Afterwards: an export holds every stored record, and the app is ready.
    const stored = (await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM eval_record")).rows[0]!.n;
    const final = await exportAll(app, adminCookie);
    expect({ announced: final.announced, lines: final.lines, invalid: final.invalid }).toEqual({
      announced: stored,
      lines: stored,
      invalid: 0,
    });
    expect((await call(app.url, "/api/ready", {})).status).toBe(200);
  });
});
