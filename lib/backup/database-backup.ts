// `npm run backup` / `npm run restore`: a whole-database logical backup
// (pg_dump's custom format) of the app's database — the embedded default's or
// DATABASE_URL's — and its restore into a fresh embedded data folder or an
// empty database. The dump is a consistent snapshot taken while the app runs.
// PostgreSQL's own client programs do the work; this module finds the database,
// checks the programs' versions against the server's, and never leaves a half
// file under the backup's name or a half-restored cluster behind.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import {
  EMBEDDED_DATABASE,
  runningEmbeddedServer,
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from "@/lib/embedded-db/embedded-postgres";

export type BackupTarget = { databaseUrl?: string; dataDir: string };

export class BackupError extends Error {}

type Connection = { url: string; release: () => Promise<void> };

/** The app's database: DATABASE_URL, the embedded server running in dataDir, or that server started for the time of the work. */
async function connect({ databaseUrl, dataDir }: BackupTarget): Promise<Connection> {
  if (databaseUrl) return { url: databaseUrl, release: async () => undefined };
  if (!existsSync(path.join(dataDir, "postgres", "PG_VERSION")))
    throw new BackupError(
      `no embedded database in ${path.resolve(dataDir, "postgres")} (and DATABASE_URL is unset): nothing to back up`,
    );
  const running = runningEmbeddedServer(dataDir);
  if (running) return { url: running.url, release: async () => undefined };
  const server = await startEmbeddedPostgres({ dataDir });
  return { url: server.urlOf(EMBEDDED_DATABASE), release: () => server.stop() };
}

/** The URL without its password, which goes to the client program in PGPASSWORD instead (not on its command line, where `ps` shows it). */
function clientArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function runClient(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawn(program, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new BackupError(
              `${program} is not installed: install PostgreSQL's client programs (Debian/Ubuntu: apt-get install postgresql-client; macOS: brew install libpq)`,
            )
          : error,
      ),
    );
    child.once("exit", resolve);
  });
  if (code !== 0) throw new BackupError(`${program} failed (exit ${code}):\n${stderr.trim()}`);
  return stdout;
}

async function clientMajor(program: string): Promise<number> {
  const output = await runClient(program, ["--version"], process.env);
  const major = Number(/\(PostgreSQL\) (\d+)/.exec(output)?.[1]);
  if (!Number.isInteger(major)) throw new BackupError(`cannot tell the version of ${program} from "${output.trim()}"`);
  return major;
}

async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>("SHOW server_version_num");
    return Math.floor(Number(rows[0]!.server_version_num) / 10_000);
  } finally {
    await client.end();
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export type BackupResult = { file: string; bytes: number; sha256: string; serverMajor: number };

/** Dumps the whole database to `file` (written under a temporary name and renamed once checked readable). */
export async function backupDatabase(target: BackupTarget, file: string): Promise<BackupResult> {
  const connection = await connect(target);
  const partial = `${file}.partial`;
  try {
    const [server, dump] = [await serverMajor(connection.url), await clientMajor("pg_dump")];
    if (dump < server)
      throw new BackupError(
        `pg_dump is version ${dump} and the database server ${server}: pg_dump must be of the server's major version or later`,
      );
    const { dbname, env } = clientArgs(connection.url);
    await runClient(
      "pg_dump",
      ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`, `--dbname=${dbname}`],
      env,
    );
    await runClient("pg_restore", ["--list", partial], process.env);
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, sha256: await sha256Of(file), serverMajor: server };
  } finally {
    await rm(partial, { force: true });
    await connection.release();
  }
}

export type RestoreResult = { into: string; tables: number };

async function userTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup, all or nothing: into DATABASE_URL when set (which must
 * hold no tables), otherwise into a new embedded cluster in `dataDir`, which
 * must hold none yet. A failed restore into a new cluster removes that cluster.
 */
export async function restoreDatabase(target: BackupTarget, file: string): Promise<RestoreResult> {
  if (!existsSync(file)) throw new BackupError(`${file}: no such backup file`);
  await runClient("pg_restore", ["--list", file], process.env).catch((error: Error) => {
    throw new BackupError(`${file} is not a readable backup: ${error.message}`);
  });
  const cluster = path.resolve(target.dataDir, "postgres");
  let embedded: EmbeddedPostgres | null = null;
  let url: string;
  if (target.databaseUrl) {
    url = target.databaseUrl;
    if ((await userTableCount(url)) > 0)
      throw new BackupError(
        "the database DATABASE_URL names already has tables: restore into a new, empty database (createdb)",
      );
  } else {
    if (existsSync(cluster))
      throw new BackupError(
        `${cluster} already holds a database: restore into a fresh data folder (EVALFORM_DATA_DIR=.data-restored npm run restore -- FILE), then serve it with the same EVALFORM_DATA_DIR`,
      );
    embedded = await startEmbeddedPostgres({ dataDir: target.dataDir });
    url = await embedded.ensureDatabase(EMBEDDED_DATABASE);
  }
  try {
    const { dbname, env } = clientArgs(url);
    await runClient(
      "pg_restore",
      ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", `--dbname=${dbname}`, file],
      env,
    );
    const tables = await userTableCount(url);
    await embedded?.stop();
    embedded = null;
    return { into: target.databaseUrl ? "DATABASE_URL" : cluster, tables };
  } catch (error) {
    if (embedded) {
      await embedded.stop();
      await rm(cluster, { recursive: true, force: true });
      await rm(path.resolve(target.dataDir, "postgres.password"), { force: true });
    }
    throw error;
  }
}
