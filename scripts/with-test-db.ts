// Runs a command against a fresh, migrated test database, then drops it:
// `tsx scripts/with-test-db.ts vitest run`. The command's exit code is kept.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createTestDatabase } from "@/lib/testing/test-database";
import { ensureTestServer } from "@/lib/testing/test-server";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: with-test-db <command> [args...]");
  process.exit(2);
}

const server = await ensureTestServer();
const database = await createTestDatabase(command.replace(/\W/g, "").slice(0, 10));
console.log(`test database ${database.name} created`);
const code = await new Promise<number>((resolve) => {
  const child = spawn(command, args, {
    stdio: "inherit",
    // A fresh random session secret per run: tests never rely on a fixed one.
    env: { ...process.env, DATABASE_URL: database.url, BETTER_AUTH_SECRET: randomBytes(32).toString("base64") },
    shell: false,
  });
  child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  child.on("error", (error) => {
    console.error(error);
    resolve(1);
  });
});
await database.drop();
console.log(`test database ${database.name} dropped`);
await server.stop();
process.exit(code);
