// What the launcher needs to know about processes: is a pid alive, which
// program is it, as whom PostgreSQL runs (never root), and a free port.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user (the postgres user, when we are not root).
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The command line of a running process, or null when there is none (Linux: /proc; elsewhere: ps). */
export function commandLineOf(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && process.platform === "linux") return null;
  }
  const result = spawnSync("ps", ["-p", String(pid), "-o", "command="], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() || null : null;
}

export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isAlive(pid);
}

export type ServerUser = { uid: number; gid: number; name: string };

/**
 * PostgreSQL refuses to run as root. As root (CI, containers) the server runs
 * as the `postgres` system user, created when missing; otherwise as ourselves.
 */
export function serverUser(): ServerUser | null {
  if (process.getuid?.() !== 0) return null;
  const ids = () => {
    const uid = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    return uid.status === 0 && gid.status === 0
      ? { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()), name: "postgres" }
      : null;
  };
  const existing = ids();
  if (existing) return existing;
  const created = spawnSync(
    "useradd",
    ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"],
    { encoding: "utf8" },
  );
  const user = ids();
  if (!user)
    throw new Error(
      `running as root, and PostgreSQL may not: could not create a postgres user (${created.stderr.trim() || created.error?.message})`,
    );
  return user;
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
