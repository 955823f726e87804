// The server refuses to start without a strong session secret, and says why.
import { spawn } from "node:child_process";
import { expect, test } from "@playwright/test";
import { testPort } from "@/lib/testing/test-ports";

async function startWith(
  secret: string | undefined,
  port: number,
  extra: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.BETTER_AUTH_SECRET;
  if (secret !== undefined) env.BETTER_AUTH_SECRET = secret;
  const server = spawn("node_modules/.bin/next", ["start", "--port", String(port), "--hostname", "127.0.0.1"], { env });
  let output = "";
  server.stdout.on("data", (chunk) => {
    output += chunk;
  });
  server.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      server.kill("SIGKILL");
      resolve(null);
    }, 20_000);
    server.on("exit", (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  return { code, output };
}

for (const [label, secret, reason, port] of [
  ["no secret", undefined, "is not set", testPort(3197)],
  ["a short secret", "too-short", "at least 32 characters", testPort(3198)],
  ["a long but low-entropy secret", "a".repeat(40), "low-entropy", testPort(3199)],
] as const) {
  test(`the server refuses to start with ${label}`, async () => {
    const { code, output } = await startWith(secret, port);
    expect(code).toBe(1);
    expect(output).toContain("BETTER_AUTH_SECRET");
    expect(output).toContain(reason);
  });
}

test("the server refuses to start with invalid settings, naming each variable", async () => {
  const { code, output } = await startWith("x".repeat(8) + "Q7v!k2Lp#9sD@4mN&1zR$6tY", testPort(3196), {
    EVALFORM_JUDGE_CONCURRENCY: "100",
    EVALFORM_JUDGE_BASE_URL: "http://127.0.0.1:9/v1",
    EVALFORM_JUDGE_MODEL: "",
  });
  expect(code).toBe(1);
  expect(output).toContain("EVALFORM_JUDGE_CONCURRENCY: must be at most 64");
});
