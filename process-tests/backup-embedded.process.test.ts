// The README's backup of the default install, followed as written: the app
// serves the embedded default with its demo data (quickstart's last step), the
// backup is taken while it runs, restored into a fresh data folder, and
// `npm run serve` on that folder has the whole database: every table's rows,
// every record byte-identical, and the same people can sign in.
import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { runningEmbeddedServer } from "@/lib/embedded-db/embedded-postgres";
import { readmeCommands } from "@/lib/testing/readme-blocks";
import { testPort } from "@/lib/testing/test-ports";
import { startApp, type AppProcess } from "./support/app-process";
import { signIn } from "./support/http";

// Each data folder straight under the temporary folder: as root, the server's own user must be able to pass through its parent.
const workDir = await mkdtemp(path.join(tmpdir(), "evalform-backup-embedded-"));
const originalDir = await mkdtemp(path.join(tmpdir(), "evalform-backup-data-"));
const restoredDir = await mkdtemp(path.join(tmpdir(), "evalform-backup-restored-"));
const apps: AppProcess[] = [];

afterAll(async () => {
  for (const app of apps) app.kill();
  for (const dir of [originalDir, restoredDir]) {
    const left = runningEmbeddedServer(dir);
    if (left) process.kill(left.pid, "SIGQUIT");
  }
  for (const dir of [workDir, originalDir, restoredDir]) await rm(dir, { recursive: true, force: true });
});

type Snapshot = { tables: Record<string, number>; records: Map<string, string> };

async function snapshot(url: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const names = await client.query<{ name: string }>(
      "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    const tables: Record<string, number> = {};
    for (const { name } of names.rows)
      tables[name] = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`)).rows[0]!.n;
    const records = await client.query<{ eval_id: string; body: string }>(
      "SELECT eval_id::text, body::text AS body FROM eval_record",
    );
    return { tables, records: new Map(records.rows.map((row) => [row.eval_id, row.body])) };
  } finally {
    await client.end();
  }
}

function demoLogins(output: string): { email: string; password: string }[] {
  return [...output.matchAll(/demo \S+\s+(\S+@\S+)\s+password: (\S+)/g)].map((match) => ({
    email: match[1]!,
    password: match[2]!,
  }));
}

it("backs up the running default install and serves the restore in a fresh data folder with everything in it", async () => {
  const admin = { email: "admin@backup.test", password: "backup-admin-password-1" };
  const embeddedEnv = (dataDir: string) => ({
    DATABASE_URL: undefined,
    BETTER_AUTH_SECRET: undefined,
    EVALFORM_DATA_DIR: dataDir,
    EVALFORM_ADMIN_EMAIL: admin.email,
    EVALFORM_ADMIN_PASSWORD: admin.password,
  });
  // quickstart's last step.
  const original = await startApp({ port: testPort(3351), env: embeddedEnv(originalDir), args: ["--seed-demo"] });
  apps.push(original);
  const logins = demoLogins(original.output());
  const before = await snapshot(runningEmbeddedServer(originalDir)!.url);

  const env = {
    ...process.env,
    DATABASE_URL: undefined,
    EVALFORM_DATA_DIR: originalDir,
    BACKUP_FILE: path.join(workDir, "evalform.dump"),
    RESTORE_DATA_DIR: restoredDir,
  };
  delete env.DATABASE_URL;
  for (const command of await readmeCommands("process-tests/backup-embedded.process.test.ts"))
    execFileSync("bash", ["-euo", "pipefail", "-c", command], { env, stdio: ["ignore", "inherit", "inherit"] });

  expect((await original.stop("SIGTERM")).code).toBe(0);
  expect(runningEmbeddedServer(originalDir)).toBeNull();

  const restored = await startApp({ port: testPort(3352), env: embeddedEnv(restoredDir) });
  apps.push(restored);
  // The restored database already has its admin: serve must not create another.
  expect(restored.output()).not.toContain("created the first admin");
  const after = await snapshot(runningEmbeddedServer(restoredDir)!.url);

  expect(after.tables).toEqual(before.tables);
  expect(before.tables.app_user).toBeGreaterThan(0);
  expect(before.records.size).toBeGreaterThan(0);
  for (const [evalId, body] of before.records) expect(after.records.get(evalId), evalId).toBe(body);
  expect(await signIn(restored.url, admin.email, admin.password)).toContain("session_token");
  expect(logins.length).toBeGreaterThan(0);
  for (const login of logins) expect(await signIn(restored.url, login.email, login.password)).toContain("session");
  expect((await restored.stop("SIGTERM")).code).toBe(0);
});
