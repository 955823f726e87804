// The three ways users run evalform, as test fixtures: the embedded default
// (`npm run serve` with DATABASE_URL unset), a direct PostgreSQL, and PgBouncer
// in transaction mode configured as the README says. Each gives the app's
// environment, a direct URL for seeding and counting, and the way its database
// goes away under load.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { runningEmbeddedServer } from "@/lib/embedded-db/embedded-postgres";
import { waitForExit } from "@/lib/embedded-db/server-process";
import { applyReadmeRoleSettings, startPgBouncer } from "@/lib/testing/pgbouncer";
import { createTestDatabase } from "@/lib/testing/test-database";

export const SETUP_NAMES = ["embedded", "direct", "pgbouncer"] as const;
export type SetupName = (typeof SETUP_NAMES)[number];

export const SETUP_TITLES: Record<SetupName, string> = {
  embedded: "embedded default (npm run serve, DATABASE_URL unset)",
  direct: "direct PostgreSQL",
  pgbouncer: "PgBouncer in transaction mode (README settings)",
};

export type DatabaseFault = { name: string; inflict: () => Promise<void> };

export type DatabaseSetup = {
  name: SetupName;
  /** What `npm run serve` gets: DATABASE_URL, or none of it for the embedded default (undefined unsets a variable). */
  appEnv: Record<string, string | undefined>;
  /** A direct URL to the app's database, for seeding and counting (embedded: once the app has started its server). */
  databaseUrl: () => string;
  /** The database going away under load, and coming back; null where the test may not touch the server (a shared one). */
  fault: DatabaseFault | null;
  /** Embedded only: SIGKILL to its server's process group, nothing else (with the app's own kill: the whole tree). */
  killServer?: () => Promise<void>;
  /** Embedded only: whether a server still runs in the app's data folder (none may, once the app has stopped). */
  serverRunning?: () => boolean;
  stop: () => Promise<void>;
};

/**
 * A setup for one app. `databaseUrl` is a database to use instead of a new
 * test database (a drill's own cluster, which it may restart); it is not
 * dropped by stop().
 */
export async function prepareSetup(
  name: SetupName,
  options: { label: string; databaseUrl?: string },
): Promise<DatabaseSetup> {
  if (name === "embedded") return embeddedSetup();
  const database = options.databaseUrl ? null : await createTestDatabase(`${name}_${options.label}`);
  const databaseUrl = options.databaseUrl ?? database!.url;
  const dropDatabase = async () => {
    await database?.drop();
  };
  if (name === "direct")
    return {
      name,
      appEnv: { DATABASE_URL: databaseUrl },
      databaseUrl: () => databaseUrl,
      fault: null,
      stop: dropDatabase,
    };
  await applyReadmeRoleSettings(databaseUrl);
  const bouncer = await startPgBouncer({ databaseUrl });
  return {
    name,
    appEnv: { DATABASE_URL: bouncer.url },
    databaseUrl: () => databaseUrl,
    fault: { name: "PgBouncer restarted (immediate shutdown, every connection dropped)", inflict: bouncer.restart },
    stop: async () => {
      await bouncer.stop();
      await dropDatabase();
    },
  };
}

async function embeddedSetup(): Promise<DatabaseSetup> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "evalform-embedded-app-"));
  const databaseUrl = () => {
    const server = runningEmbeddedServer(dataDir);
    if (!server) throw new Error(`no embedded PostgreSQL is running in ${dataDir}`);
    return server.url;
  };
  return {
    name: "embedded",
    // Exactly as a user starts it: no DATABASE_URL, no session secret (generated into the data folder).
    appEnv: { DATABASE_URL: undefined, BETTER_AUTH_SECRET: undefined, EVALFORM_DATA_DIR: dataDir },
    databaseUrl,
    fault: {
      name: "embedded PostgreSQL killed -9 (its whole process group)",
      inflict: async () => {
        const killed = runningEmbeddedServer(dataDir)?.pid ?? null;
        if (killed === null) throw new Error("the embedded PostgreSQL is not running");
        process.kill(-killed, "SIGKILL");
        await waitForExit(killed, 10_000);
        // The app's supervisor starts it again (crash recovery): wait until it serves.
        const deadline = Date.now() + 60_000;
        while (Date.now() < deadline) {
          const pid = runningEmbeddedServer(dataDir)?.pid ?? null;
          if (pid !== null && pid !== killed && (await answers(databaseUrl()))) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error("the embedded PostgreSQL did not come back within 60 s");
      },
    },
    serverRunning: () => runningEmbeddedServer(dataDir) !== null,
    killServer: async () => {
      const pid = runningEmbeddedServer(dataDir)?.pid;
      if (pid === undefined) return;
      process.kill(-pid, "SIGKILL");
      await waitForExit(pid, 10_000);
    },
    stop: async () => {
      // The app stops its server; one left by an app that was killed is stopped here.
      const pid = runningEmbeddedServer(dataDir)?.pid ?? null;
      if (pid !== null) {
        process.kill(pid, "SIGQUIT");
        await waitForExit(pid, 10_000);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
