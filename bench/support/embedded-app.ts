// The app on the embedded default, for benchmarks that compare it with the
// direct server: started exactly as `npm run serve` starts it (DATABASE_URL
// unset), with a direct URL to its database and API tokens made over HTTP.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createDbClient } from "@/lib/db";
import type { Role } from "@/lib/auth/permissions";
import { createTestUser } from "@/lib/testing/test-users";
import { startApp } from "@/process-tests/support/app-process";
import { prepareSetup } from "@/process-tests/support/database-setups";
import { call, signIn } from "@/process-tests/support/http";
import { processTree } from "./app-server";

export type EmbeddedBenchApp = {
  url: string;
  /** A direct URL to the app's database on its embedded server. */
  databaseUrl: string;
  /** An API token of a new user with these roles. */
  token: (roles: Role[]) => Promise<string>;
  /** A new user with these roles, made in the app's database, and an API token of theirs made over HTTP. */
  apiUser: (roles: Role[]) => Promise<{ userId: string; token: string }>;
  /** The Next.js server process (`next-server`) and its children, as the direct server's benchmarks count it (not npm, tsx or PostgreSQL). */
  pids: () => number[];
  stop: () => Promise<void>;
};

export async function startEmbeddedBenchApp(options: { port: number }): Promise<EmbeddedBenchApp> {
  const setup = await prepareSetup("embedded", { label: "bench" });
  const app = await startApp({ port: options.port, env: { ...setup.appEnv, EVALFORM_LOG_LEVEL: "warn" } });
  const databaseUrl = setup.databaseUrl();
  const client = createDbClient({ databaseUrl, poolMax: 1 });
  const apiUser = async (roles: Role[]) => {
    const user = await createTestUser(roles, { client, label: "bench" });
    const cookie = await signIn(app.url, user.email, user.password);
    const response = await call(
      app.url,
      "/api/tokens",
      { cookie },
      { body: { name: `bench-${randomBytes(3).toString("hex")}`, roles } },
    );
    if (response.status !== 201) throw new Error(`token: ${response.status} ${await response.text()}`);
    return { userId: user.userId, token: ((await response.json()) as { token: string }).token };
  };
  return {
    url: app.url,
    databaseUrl,
    apiUser,
    token: async (roles) => (await apiUser(roles)).token,
    pids: () => {
      const next = processTree(app.child.pid!).find((pid) => commandLine(pid).startsWith("next-server"));
      return next === undefined ? [] : processTree(next);
    },
    stop: async () => {
      await client.$disconnect();
      await app.stop("SIGTERM");
      await setup.stop();
    },
  };
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
}
