// A throwaway PostgreSQL cluster for drills that restart the database: its own
// data directory (initdb), port and socket, so restarting it never touches the
// machine's shared server. Removed by stop(), and on process exit if a drill
// dies before it gets there.
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { applyMigrations } from "@/lib/migrations/apply-migrations";

const BIN = "/usr/lib/postgresql/15/bin";
/** The ports drills may give their own clusters. */
const PORTS = [55432, 55433, 55434, 55435, 55436, 55437, 55438, 55439];

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

// initdb and postgres refuse to run as root: drop to the postgres user when we are root (CI).
function asOwner(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

function run(command: string, args: string[]): void {
  const [file, argv] = asOwner(command, args);
  const result = spawnSync(file, argv, { encoding: "utf8", timeout: 120_000 });
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${args.join(" ")} failed (${result.status}): ${result.stderr || result.stdout}`);
}

// Asynchronous, so the drill's clients keep running while the server restarts.
async function runAsync(command: string, args: string[]): Promise<void> {
  const [file, argv] = asOwner(command, args);
  await promisify(execFile)(file, argv, { timeout: 120_000 });
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
    if (await portIsFree(candidate)) { port = candidate; break; }
  }
  if (port === undefined) throw new Error(`no free port for a drill PostgreSQL among ${PORTS.join(", ")}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "evalform-drill-pg-"));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dataDir, uid, gid);
  }
  const pgData = path.join(dataDir, "data");
  // Always given to pg_ctl: without -l the server would inherit (and hold open) our pipe.
  const logFile = path.join(dataDir, "postgres.log");
  const ctl = (args: string[]) => run(`${BIN}/pg_ctl`, ["-D", pgData, ...args]);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (existsSync(path.join(pgData, "postmaster.pid"))) {
      try { ctl(["stop", "-m", "immediate", "-w"]); } catch { /* already down */ }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once("exit", stop);
  try {
    run(`${BIN}/initdb`, ["-D", pgData, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8", "--locale=C"]);
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
    restart: (mode) => runAsync(`${BIN}/pg_ctl`, ["-D", pgData, "restart", "-m", mode, "-w", "-t", "60", "-l", logFile]),
    stop,
  };
}
