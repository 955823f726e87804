// A throwaway, migrated PostgreSQL database for one test run: created here,
// dropped by the caller. Refuses anything but a local server.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { applyMigrations } from "@/lib/migrations/apply-migrations";

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

export type TestDatabase = { url: string; name: string; drop: () => Promise<void> };

function adminUrl(): URL {
  // Test tooling is outside the app, so it may read its own variable here.
  const configured = process.env.TEST_ADMIN_DATABASE_URL;
  if (!configured)
    throw new Error(
      "TEST_ADMIN_DATABASE_URL is not set: run tests through `npm test`, scripts/with-test-db.ts or scripts/with-test-server.ts, which start a throwaway PostgreSQL when it is unset",
    );
  const url = new URL(configured);
  if (!LOCAL_HOSTS.has(url.hostname)) {
    throw new Error(`refusing to create test databases on non-local host ${url.hostname}`);
  }
  return url;
}

export async function createTestDatabase(label = "run", options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const admin = adminUrl();
  const name = `evalform_test_${label}_${randomBytes(5).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  if (options.migrate !== false) await applyMigrations({ databaseUrl: url.toString() });
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: admin.toString() });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** Points this test file's app modules (db(), getEnv()) at the database; call before the first db(). */
export function useDatabaseInThisFile(database: TestDatabase): void {
  process.env.DATABASE_URL = database.url;
}
