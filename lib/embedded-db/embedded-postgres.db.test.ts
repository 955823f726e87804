// The embedded default is a real PostgreSQL server: concurrent sessions and
// named statements do not collide (they did on PGlite, one session shared by
// every socket), data survives a stop, a crash (kill -9 of its process group)
// loses nothing committed and the server is started again by itself, and a
// server left behind by a killed app does not block the next start.
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import { chatDraft, withoutRater } from "@/lib/aif/sample-drafts";
import { createDbClient } from "@/lib/db";
import { applyMigrations } from "@/lib/migrations/apply-migrations";
import { getRecord } from "@/lib/records/read-records";
import { submitRecord } from "@/lib/records/submit-record";
import { createTestUser } from "@/lib/testing/test-users";
import {
  EMBEDDED_DATABASE,
  runningEmbeddedServer,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from "./embedded-postgres";
import { commandLineOf, isAlive, waitForExit } from "./server-process";

const dataDirs: string[] = [];
const servers: EmbeddedPostgres[] = [];

async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "evalform-embedded-"));
  dataDirs.push(dir);
  return dir;
}

async function start(dataDir: string, messages: string[] = []): Promise<EmbeddedPostgres> {
  const server = await startEmbeddedPostgres({ dataDir, log: (message) => messages.push(message) });
  servers.push(server);
  return server;
}

afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

describe("embedded PostgreSQL", () => {
  it("serves overlapping transactions and the same named statement on many connections at once", async () => {
    const dataDir = await newDataDir();
    const server = await start(dataDir);
    const url = await server.ensureDatabase(EMBEDDED_DATABASE);
    expect(runningEmbeddedServer(dataDir)).toEqual({ pid: server.pid(), url });
    const pool = new pg.Pool({ connectionString: url, max: 16 });
    await pool.query("CREATE TABLE counter (id int PRIMARY KEY, n int NOT NULL)");
    await pool.query("INSERT INTO counter VALUES (1, 0)");
    // 16 sessions, each preparing "bump" under the same name: one session underneath would say "already exists".
    const results = await Promise.allSettled(
      Array.from({ length: 64 }, () =>
        pool.query({ name: "bump", text: "UPDATE counter SET n = n + 1 WHERE id = $1", values: [1] }),
      ),
    );
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    // A snapshot held open on one connection does not stall the others.
    const snapshot = await pool.connect();
    await snapshot.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    expect((await snapshot.query("SELECT n FROM counter")).rows[0].n).toBe(64);
    await pool.query("UPDATE counter SET n = n + 1");
    expect((await snapshot.query("SELECT n FROM counter")).rows[0].n).toBe(64);
    expect((await pool.query("SELECT n FROM counter")).rows[0].n).toBe(65);
    await snapshot.query("COMMIT");
    snapshot.release();
    await pool.end();
  });

  it("keeps every committed record through a kill -9 of the server, which starts again by itself on the same port", async () => {
    const dataDir = await newDataDir();
    const messages: string[] = [];
    const server = await start(dataDir, messages);
    const url = await server.ensureDatabase(EMBEDDED_DATABASE);
    await applyMigrations({ databaseUrl: url });
    const client = createDbClient({ databaseUrl: url, poolMax: 4 });
    const rater = await createTestUser(["rater"], { client });
    const stored: string[] = [];
    const crashed = server.pid()!;
    let killed = false;
    let acknowledgedAfterKill = 0;
    let failures = 0;
    // Submits until 20 are acknowledged after the kill: the server has to come back for that.
    const writer = (async () => {
      const deadline = Date.now() + 60_000;
      while (acknowledgedAfterKill < 20 && Date.now() < deadline) {
        try {
          stored.push((await submitRecord({ actor: rater, draft: withoutRater(chatDraft()), client })).evalId);
          if (killed) acknowledgedAfterKill++;
        } catch {
          failures++;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(-crashed, "SIGKILL");
    killed = true;
    await writer;
    expect(acknowledgedAfterKill).toBe(20);
    expect(failures).toBeGreaterThan(0);
    expect(await waitForExit(crashed, 5_000)).toBe(true);
    // The new server answers a moment before its launcher returns and records its pid: wait for that, under load too.
    await vi.waitFor(
      () => {
        expect(server.pid()).not.toBe(crashed);
        expect(messages.join("\n")).toMatch(/exited unexpectedly \(SIGKILL\)[\s\S]*running again/);
      },
      { timeout: 15_000, interval: 100 },
    );
    // Every acknowledged record is there, once.
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const rows = (
      await check.query<{ eval_id: string }>("SELECT eval_id FROM eval_record WHERE eval_id = ANY($1::uuid[])", [
        stored,
      ])
    ).rows;
    await check.end();
    expect(rows.length).toBe(stored.length);
    expect((await getRecord({ actor: rater, evalId: stored.at(-1)!, client })).evalId).toBe(stored.at(-1));
    await client.$disconnect();
  });

  it("starts again after its supervisor was killed (the server stopped and restarted) and after the whole tree was killed (stale pid file)", async () => {
    const dataDir = await newDataDir();
    const first = await start(dataDir);
    const url = await first.ensureDatabase(EMBEDDED_DATABASE);
    const raw = new pg.Client({ connectionString: url });
    await raw.connect();
    await raw.query("CREATE TABLE kept (value text)");
    await raw.query("INSERT INTO kept VALUES ('before the kill')");
    await raw.end();
    await first.stop();
    // A real supervisor in a process of its own, killed with SIGKILL: its server runs on, and the owner file names a process that is gone.
    // (A supervisor left alive in this process would start its server again after the kill below and race the next start.)
    const supervisor = spawn(
      process.execPath,
      ["--import", "tsx", "--conditions=react-server", "lib/testing/embedded-supervisor.ts", dataDir],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let printed = "";
    const orphan = await new Promise<number>((resolve, reject) => {
      supervisor.stdout!.on("data", (chunk: Buffer) => {
        printed += chunk.toString();
        const line = printed.split("\n").find((text) => text.startsWith("{"));
        if (line) resolve((JSON.parse(line) as { pid: number }).pid);
      });
      supervisor.once("exit", (code) =>
        reject(new Error(`the supervisor exited (${code}) before its server was ready`)),
      );
    });
    const supervisorGone = new Promise((resolve) => supervisor.once("exit", resolve));
    supervisor.kill("SIGKILL");
    await supervisorGone;
    expect(isAlive(orphan)).toBe(true);
    const messages: string[] = [];
    const second = await start(dataDir, messages);
    expect(messages.join("\n")).toContain(`left running by an evalform that was killed`);
    expect(isAlive(orphan)).toBe(false);

    // The whole tree killed: the pid file stays behind, naming a dead process.
    process.kill(-second.pid()!, "SIGKILL");
    await second.stop();
    const third = await start(dataDir);
    const again = new pg.Client({ connectionString: third.urlOf(EMBEDDED_DATABASE) });
    await again.connect();
    expect((await again.query("SELECT value FROM kept")).rows).toEqual([{ value: "before the kill" }]);
    await again.end();
  });

  it("refuses a data folder whose server another running evalform supervises", async () => {
    const dataDir = await newDataDir();
    const server = await start(dataDir);
    // Another live process supervises it (the owner file names it, with its command line).
    const owner = spawn("sleep", ["30"]);
    await writeFile(
      path.join(dataDir, "postgres.owner"),
      JSON.stringify({ pid: owner.pid, command: commandLineOf(owner.pid!) }),
    );
    await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(`in use by process ${owner.pid}`);
    expect(isAlive(server.pid()!)).toBe(true);
    owner.kill();
  });
});

it("refuses a cluster made by another PostgreSQL major version, naming both and the way out, and leaves it untouched", async () => {
  const dataDir = await newDataDir();
  const cluster = path.join(dataDir, "postgres");
  await mkdir(cluster);
  await writeFile(path.join(cluster, "PG_VERSION"), "18\n");
  await expect(start(dataDir)).rejects.toThrow(
    /was made by PostgreSQL 18, and this evalform embeds PostgreSQL 15, which cannot read it\. .*npm run backup.*npm run restore/,
  );
  expect((await readdir(cluster)).sort()).toEqual(["PG_VERSION"]);
});
