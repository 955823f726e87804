// `npm run serve` on a database left with no enabled admin (two admins who
// disabled each other at the same moment, before that was locked): it used to
// exit at every start on the configured admin's existing email. It now
// re-enables that admin, who signs in with the configured password.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { createTestDatabase } from "@/lib/testing/test-database";
import { testPort } from "@/lib/testing/test-ports";
import { startApp, type AppProcess } from "./support/app-process";
import { signIn } from "./support/http";

const PORT = testPort(3341);
const database = await createTestDatabase("firstadmin");
let app: AppProcess | null = null;

afterAll(async () => {
  app?.kill();
  await database.drop();
});

it("starts on a database with zero enabled admins and re-enables the configured admin, who can sign in", async () => {
  const email = `admin-${randomBytes(3).toString("hex")}@example.test`;
  const password = `pw-${randomBytes(12).toString("base64url")}`;
  const options = {
    port: PORT,
    databaseUrl: database.url,
    authSecret: randomBytes(32).toString("base64"),
    env: { EVALFORM_ADMIN_EMAIL: email, EVALFORM_ADMIN_PASSWORD: password },
  };
  app = await startApp(options);
  expect(app.output()).toContain(`created the first admin: ${email}`);
  expect(await signIn(app.url, email, password)).toContain("session_token");
  await app.stop("SIGTERM");

  const sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  try {
    await sql.query("UPDATE app_user SET disabled_at = now() WHERE 'admin' = ANY(roles)");
    app = await startApp(options);
    expect(app.output()).toContain(`re-enabled the admin: ${email}`);
    expect(await signIn(app.url, email, password)).toContain("session_token");
    const { rows } = await sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM app_user WHERE 'admin' = ANY(roles) AND disabled_at IS NULL",
    );
    expect(rows[0]!.n).toBe(1);
  } finally {
    await sql.end();
  }
});
