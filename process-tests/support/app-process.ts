// The built app as operators run it (`npm run serve`, which migrates and then
// runs `next start`), on its own port and database, for tests that need real
// processes: signals, several replicas, the README's deployment steps.
import { spawn, type ChildProcess } from "node:child_process";

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type AppProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process tree wrote so far (stdout and stderr). */
  output: () => string;
  /** The JSON log lines written so far. */
  logLines: () => Record<string, unknown>[];
  exited: Promise<Exit>;
  /** Sends `signal` to the process we started and waits for it to exit. */
  stop: (signal?: NodeJS.Signals) => Promise<Exit>;
  /** Ends the whole process group we started (test clean-up after a failure). */
  kill: () => void;
};

/** `env` is laid over this process's environment; a variable set to undefined is removed. */
export function startProcess(
  command: string,
  args: string[],
  options: { env: Record<string, string | undefined>; cwd?: string },
): Omit<AppProcess, "url"> {
  // Its own process group, so clean-up can end the whole tree it starts (npm → tsx → next).
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...options.env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<Exit>((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  let done = false;
  void exited.then(() => {
    done = true;
  });
  return {
    child,
    output: () => output,
    logLines: () =>
      output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        }),
    exited,
    stop: async (signal = "SIGTERM") => {
      if (!done) child.kill(signal);
      return exited;
    },
    kill: () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    },
  };
}

/** Polls GET /api/ready until it answers 200; fails with the process's output if it exits or takes too long. */
export async function waitUntilReady(app: Omit<AppProcess, "url">, url: string, timeoutMs = 90_000): Promise<void> {
  let exited: Exit | null = null;
  void app.exited.then((exit) => {
    exited = exit;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the app exited (${JSON.stringify(exited)}) before it was ready:\n${app.output()}`);
    const ready = await fetch(`${url}/api/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app was not ready within ${timeoutMs} ms:\n${app.output()}`);
}

/**
 * `npm run serve` on `port`, ready to take requests: against `databaseUrl`, or
 * as a database setup's environment says (`env`: the embedded default unsets
 * DATABASE_URL and BETTER_AUTH_SECRET).
 */
export async function startApp(options: {
  port: number;
  databaseUrl?: string;
  authSecret?: string;
  env?: Record<string, string | undefined>;
  /** Arguments for the launcher, e.g. ["--seed-demo"]. */
  args?: string[];
}): Promise<AppProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const app = startProcess("npm", ["run", "--silent", "serve", ...(options.args ? ["--", ...options.args] : [])], {
    env: {
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      BETTER_AUTH_SECRET: options.authSecret,
      EVALFORM_BASE_URL: url,
      ...options.env,
    },
  });
  try {
    await waitUntilReady(app, url);
  } catch (error) {
    app.kill();
    throw error;
  }
  return { ...app, url };
}
