// Runs a command with TEST_ADMIN_DATABASE_URL set, starting a throwaway
// embedded PostgreSQL for it when the variable is unset (and stopping it after):
// `tsx scripts/with-test-server.ts vitest run --config vitest.process.config.ts`.
import { spawn } from "node:child_process";
import { ensureTestServer } from "@/lib/testing/test-server";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: with-test-server <command> [args...]");
  process.exit(2);
}
const server = await ensureTestServer();
const code = await new Promise<number>((resolve) => {
  const child = spawn(command, args, { stdio: "inherit", env: process.env });
  child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  child.on("error", (error) => {
    console.error(error);
    resolve(1);
  });
});
await server.stop();
process.exit(code);
