// The built app for the fault drills: started with `npm run serve` on a drill
// database of a setup (direct, embedded, behind PgBouncer), killed -9 and
// started again on the same port with the same session secret (so sessions
// survive the restart), and users created straight in that database without
// touching this process's db() singleton.
import { randomBytes } from "node:crypto";
import { createDbClient } from "@/lib/db";
import type { Role } from "@/lib/auth/permissions";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { setTimeout as sleep } from "node:timers/promises";
import { startApp, type AppProcess, type Exit } from "../../process-tests/support/app-process";
import type { DatabaseSetup } from "../../process-tests/support/database-setups";
import { signIn } from "../../process-tests/support/http";

export type DrillApp = {
  url: string;
  /** The process serving now (a new one after restartAfterKill). */
  current: () => AppProcess;
  /** SIGKILL to the app's process group, as an OOM killer would (the embedded server, in a group of its own, survives it). */
  kill: () => Promise<void>;
  /**
   * SIGTERM to the app's whole process group, as systemd stops a service:
   * resolves once every process of the group is gone, with the exit of the
   * process we started.
   */
  terminateGroup: () => Promise<Exit>;
  start: () => Promise<void>;
  /** Everything every process started so far wrote, killed ones included. */
  output: () => string;
  /** The JSON log lines of every process started so far, killed ones included. */
  logLines: () => Record<string, unknown>[];
  /** Clean-up: ends whatever is still running. */
  dispose: () => void;
};

export async function createDrillUser(databaseUrl: string, roles: Role[], label: string): Promise<TestUser> {
  const client = createDbClient({ databaseUrl, poolMax: 1 });
  try {
    return await createTestUser(roles, { client, label });
  } finally {
    await client.$disconnect();
  }
}

export async function startDrillApp(options: {
  port: number;
  setup: DatabaseSetup;
  env?: Record<string, string>;
}): Promise<DrillApp> {
  // The embedded setup unsets it: its app generates one into the data folder, kept across restarts.
  const authSecret = randomBytes(32).toString("base64");
  const env = { EVALFORM_LOG_LEVEL: "warn", ...options.setup.appEnv, ...options.env };
  let app: AppProcess | null = await startApp({ port: options.port, authSecret, env });
  const url = app.url;
  const earlier: AppProcess[] = [];
  return {
    url,
    current: () => {
      if (!app) throw new Error("the app is not running");
      return app;
    },
    kill: async () => {
      if (!app) return;
      const killed = app;
      earlier.push(killed);
      app = null;
      killed.kill();
      await killed.exited;
    },
    terminateGroup: async () => {
      if (!app) throw new Error("the app is not running");
      const stopped = app;
      earlier.push(stopped);
      app = null;
      const group = stopped.child.pid!;
      process.kill(-group, "SIGTERM");
      const exit = await stopped.exited;
      // The launcher may still be stopping the embedded server after npm itself has gone.
      const deadline = Date.now() + 60_000;
      while (groupAlive(group) && Date.now() < deadline) await sleep(50);
      return exit;
    },
    start: async () => {
      app = await startApp({ port: options.port, authSecret, env });
    },
    output: () => [...earlier, ...(app ? [app] : [])].map((process) => process.output()).join("\n"),
    logLines: () => [...earlier, ...(app ? [app] : [])].flatMap((process) => process.logLines()),
    dispose: () => app?.kill(),
  };
}

export async function sessionOf(url: string, user: TestUser): Promise<string> {
  return signIn(url, user.email, user.password);
}

function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
