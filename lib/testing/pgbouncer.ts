// PgBouncer in transaction mode in front of one test database, configured as
// README.md says: its `[pgbouncer]` settings are read from the README's ini
// block, and only what a test must choose is added (port, files, the test
// server's address and credentials). The role settings the README asks for
// are set on the database instead (the test server's role is shared).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, serverUser } from "@/lib/embedded-db/server-process";

const BINARY = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer", "/usr/local/bin/pgbouncer"].find((file) =>
  existsSync(file),
);

export type PgBouncer = {
  /** The database's URL through PgBouncer. */
  url: string;
  port: number;
  /** Stops PgBouncer at once (every client connection dropped) and starts it again on the same port. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
};

/** The `[pgbouncer]` settings of the README's PgBouncer section, in order. */
export function readmePgBouncerSettings(
  readme = readFileSync(path.join(process.cwd(), "README.md"), "utf8"),
): [string, string][] {
  const section = readme.split(/^### Connection pooling \(PgBouncer\)$/m)[1] ?? "";
  const ini = /```ini\n([\s\S]*?)```/.exec(section)?.[1];
  if (!ini) throw new Error("README.md has no ini block in its 'Connection pooling (PgBouncer)' section");
  const settings: [string, string][] = [];
  let inPgBouncer = false;
  for (const raw of ini.split("\n")) {
    const line = raw.trim();
    if (line.startsWith("[")) inPgBouncer = line === "[pgbouncer]";
    else if (inPgBouncer && line && !line.startsWith(";")) {
      const [key, ...value] = line.split("=");
      settings.push([key!.trim(), value.join("=").trim()]);
    }
  }
  return settings;
}

/** The README's role settings (ALTER ROLE … SET …), applied to one database. */
export async function applyReadmeRoleSettings(
  databaseUrl: string,
  readme = readFileSync(path.join(process.cwd(), "README.md"), "utf8"),
): Promise<string[]> {
  const section = readme.split(/^### Connection pooling \(PgBouncer\)$/m)[1] ?? "";
  const settings = [...section.matchAll(/^ALTER ROLE \w+ SET (\w+) = '([^']+)';$/gm)].map(
    (match) => [match[1]!, match[2]!] as const,
  );
  if (settings.length === 0) throw new Error("README.md's PgBouncer section sets no role settings");
  const database = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const [name, value] of settings)
      await client.query(
        `ALTER DATABASE ${client.escapeIdentifier(database)} SET ${name} = ${client.escapeLiteral(value)}`,
      );
  } finally {
    await client.end();
  }
  return settings.map(([name, value]) => `${name} = ${value}`);
}

export async function startPgBouncer(options: { databaseUrl: string; port?: number }): Promise<PgBouncer> {
  if (!BINARY)
    throw new Error("PgBouncer is not installed: apt-get install -y pgbouncer (Debian), or your system's package");
  const target = new URL(options.databaseUrl);
  const database = decodeURIComponent(target.pathname.slice(1));
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(path.join(os.tmpdir(), "evalform-pgbouncer-"));
  const user = serverUser();
  // PgBouncer refuses to run as root: as root it runs as the postgres user, who must read its files.
  if (user) chownSync(dir, user.uid, user.gid);
  const password = target.password ? ` password=${decodeURIComponent(target.password)}` : "";
  const config = [
    "[databases]",
    `${database} = host=${target.hostname} port=${target.port || 5432} dbname=${database} user=${decodeURIComponent(target.username || "postgres")}${password}`,
    "",
    "[pgbouncer]",
    ...readmePgBouncerSettings().map(([key, value]) => `${key} = ${value}`),
    `listen_addr = 127.0.0.1`,
    `listen_port = ${port}`,
    "unix_socket_dir =",
    // The test server trusts local clients; PgBouncer logs in to it with the credentials above.
    "auth_type = trust",
    `auth_file = ${path.join(dir, "users.txt")}`,
    `logfile = ${path.join(dir, "pgbouncer.log")}`,
    `pidfile = ${path.join(dir, "pgbouncer.pid")}`,
  ].join("\n");
  writeFileSync(path.join(dir, "pgbouncer.ini"), `${config}\n`);
  writeFileSync(path.join(dir, "users.txt"), `"${decodeURIComponent(target.username || "postgres")}" ""\n`);
  if (user) for (const file of ["pgbouncer.ini", "users.txt"]) chownSync(path.join(dir, file), user.uid, user.gid);

  const url = `postgresql://${encodeURIComponent(decodeURIComponent(target.username || "postgres"))}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(BINARY, [path.join(dir, "pgbouncer.ini")], {
      stdio: "ignore",
      ...(user ? { uid: user.uid, gid: user.gid } : {}),
    });
    await waitUntilServing(url, child, path.join(dir, "pgbouncer.log"));
  };
  const halt = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    // SIGTERM: immediate shutdown, every client connection dropped mid-flight.
    running.kill("SIGTERM");
    await exited;
  };
  await start();
  return {
    url,
    port,
    restart: async () => {
      await halt();
      await start();
    },
    stop: async () => {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** PgBouncer's version line, for reports. */
export function pgBouncerVersion(): string {
  return BINARY
    ? spawnSync(BINARY, ["--version"], { encoding: "utf8" }).stdout.split("\n")[0]!.trim()
    : "not installed";
}

async function waitUntilServing(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`PgBouncer exited (${child.exitCode}):\n${readFileSync(logFile, "utf8").slice(-2_000)}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.query("SELECT 1");
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(
    `PgBouncer did not serve ${url} within 20 s:\n${existsSync(logFile) ? readFileSync(logFile, "utf8").slice(-2_000) : ""}`,
  );
}
