// What the browser drill runs against: a fresh PostgreSQL database, the built
// app on it (`npm run serve`), the e2e users, Chromium, and the few reads of
// the database that measure the outcome (records stored, sessions revoked).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { chromium, request, type APIRequestContext, type Browser, type BrowserContext } from "playwright";
import { seedSuite, type SeededSuite } from "@/e2e/support/seed-suite";
import type { E2eRole, E2eUser } from "@/e2e/support/users";
import { createTestDatabase, type TestDatabase } from "@/lib/testing/test-database";
import { startApp, type AppProcess } from "@/process-tests/support/app-process";
import { testPort } from "@/lib/testing/test-ports";

// Inside the range this drill may use on a shared machine.
const PORT = testPort(3741);

export type BrowserStack = {
  url: string;
  users: Record<E2eRole, E2eUser>;
  browser: Browser;
  admin: APIRequestContext;
  /** A browser context with `user` signed in through the real sign-in endpoint. */
  signedInContext: (user: E2eUser) => Promise<BrowserContext>;
  /** A one-item suite for `user`, and the assignment the queue holds for them. */
  openAssignment: (context: BrowserContext, user: E2eUser) => Promise<{ suite: SeededSuite; assignmentId: string }>;
  /** The records stored for a suite, with their notes. */
  recordsOf: (suiteKey: string) => Promise<{ evalId: string; notes: string | null }[]>;
  /** Ends every session of a user, as an expiry or an admin would. */
  revokeSessions: (userId: string) => Promise<number>;
  close: () => Promise<void>;
};

export async function startBrowserStack(log: (message: string) => void): Promise<BrowserStack> {
  const database = await createTestDatabase("browser");
  const closers: (() => Promise<unknown>)[] = [() => database.drop()];
  const close = async () => {
    for (const closer of closers.reverse()) await closer().catch((error: unknown) => log(`clean-up: ${String(error)}`));
  };
  try {
    return await assemble(database, closers, close, log);
  } catch (error) {
    await close();
    throw error;
  }
}

async function assemble(
  database: TestDatabase,
  closers: (() => Promise<unknown>)[],
  close: () => Promise<void>,
  log: (message: string) => void,
): Promise<BrowserStack> {
  const authSecret = randomBytes(32).toString("base64");
  const app: AppProcess = await startApp({
    port: PORT,
    databaseUrl: database.url,
    authSecret,
    env: { EVALFORM_LOG_LEVEL: "warn" },
  });
  closers.push(async () => {
    await app.stop();
    app.kill();
  });
  log(`app on ${app.url}, database ${database.name}`);
  // The e2e seed script, in its own process: db() there points at this database only.
  const users = JSON.parse(
    execFileSync("node_modules/.bin/tsx", ["--conditions=react-server", "e2e/support/seed-users.ts"], {
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: database.url, BETTER_AUTH_SECRET: authSecret },
    }),
  ) as Record<E2eRole, E2eUser>;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  closers.push(() => browser.close());
  const admin = await request.newContext({ baseURL: app.url });
  closers.push(() => admin.dispose());
  await signIn(admin, users.admin);
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  closers.push(() => pool.end());

  const signedInContext = async (user: E2eUser) => {
    const context = await browser.newContext({ baseURL: app.url });
    await signIn(context.request, user);
    return context;
  };
  return {
    url: app.url,
    users,
    browser,
    admin,
    signedInContext,
    openAssignment: async (context, user) => {
      const suite = await seedSuite(admin, app.url, { raterIds: [user.userId], count: 1 });
      const next = await context.request.post(`/api/suites/${suite.suiteId}/next`, { headers: { origin: app.url } });
      const { assignment_id: assignmentId } = (await next.json()) as { assignment_id: string | null };
      if (!assignmentId) throw new Error(`no assignment for the new suite: ${next.status()}`);
      return { suite, assignmentId };
    },
    recordsOf: async (suiteKey) => {
      const { rows } = await pool.query<{ eval_id: string; notes: string | null }>(
        "SELECT eval_id, body->'freeform'->>'notes' AS notes FROM eval_record WHERE suite_id = $1",
        [suiteKey],
      );
      return rows.map((row) => ({ evalId: row.eval_id, notes: row.notes }));
    },
    revokeSessions: async (userId) =>
      (await pool.query("DELETE FROM session WHERE user_id = $1", [userId])).rowCount ?? 0,
    close,
  };
}

async function signIn(client: APIRequestContext, user: E2eUser): Promise<void> {
  const response = await client.post("/api/auth/sign-in/email", {
    data: { email: user.email, password: user.password },
  });
  if (!response.ok()) throw new Error(`sign-in of ${user.email} failed: ${response.status()} ${await response.text()}`);
}
