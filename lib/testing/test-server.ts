// Where test databases are created: the server TEST_ADMIN_DATABASE_URL names
// (CI sets the machine's PostgreSQL), or else a throwaway embedded PostgreSQL
// started for this run, so `npm test` needs no database installed. Children
// inherit the variable, so one run starts one server.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "@/lib/embedded-db/embedded-postgres";

export type TestServer = { adminUrl: string; started: boolean; stop: () => Promise<void> };

export async function ensureTestServer(): Promise<TestServer> {
  // Test tooling is outside the app, so it may read its own variable here.
  const configured = process.env.TEST_ADMIN_DATABASE_URL;
  if (configured) return { adminUrl: configured, started: false, stop: async () => undefined };
  const dataDir = await mkdtemp(path.join(tmpdir(), "evalform-test-server-"));
  // Test runs open many databases at once (a vitest worker each, apps, drills).
  const server = await startEmbeddedPostgres({ dataDir, maxConnections: 400 });
  const adminUrl = server.urlOf("postgres");
  process.env.TEST_ADMIN_DATABASE_URL = adminUrl;
  console.log(
    `TEST_ADMIN_DATABASE_URL is unset: test databases go to an embedded PostgreSQL on port ${server.port} (stopped and deleted after the run)`,
  );
  return {
    adminUrl,
    started: true,
    stop: async () => {
      await server.stop();
      delete process.env.TEST_ADMIN_DATABASE_URL;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
