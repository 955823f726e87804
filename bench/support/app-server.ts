// The production build served by `next start` for a benchmark, on its own
// port and the benchmark's database, with its process tree's RSS readable.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";

export type BenchServer = { url: string; stop: () => Promise<void>; pids: () => number[] };

export async function startBenchServer(options: {
  port: number;
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<BenchServer> {
  if (!existsSync(".next/BUILD_ID")) throw new Error("no production build: run `npm run build` first");
  const url = `http://127.0.0.1:${options.port}`;
  const busy = await fetch(`${url}/api/health`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`port ${options.port} is taken: stop what runs there first`);
  const server = spawn("node_modules/.bin/next", ["start", "--port", String(options.port), "--hostname", "127.0.0.1"], {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
      NEXT_TELEMETRY_DISABLED: "1",
      EVALFORM_BASE_URL: url,
      ...options.env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => server.on("exit", () => resolve()));
  for (let attempt = 0; ; attempt += 1) {
    if (
      await fetch(`${url}/api/ready`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (attempt > 240 || server.exitCode !== null) throw new Error(`the server on ${url} did not become ready`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    stop: async () => {
      server.kill("SIGTERM");
      await exited;
    },
    pids: () => processTree(server.pid!),
  };
}

/** The pids of a process and its descendants (next start runs the server in a child). */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = [root];
  for (let index = 0; index < tree.length; index += 1) tree.push(...(children.get(tree[index]!) ?? []));
  return tree;
}

export function residentMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // Gone.
    }
  }
  return kb / 1024;
}
