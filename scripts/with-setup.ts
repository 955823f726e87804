// Runs a command against the built app served on one of the ways users run it
// (`tsx scripts/with-setup.ts embedded|direct|pgbouncer <command> [args...]`):
// the app is started with `npm run serve` on E2E_PORT as that setup says, the
// command gets E2E_APP_URL (the app) and DATABASE_URL (a direct connection to
// the app's database, for seeding and counting), then everything is stopped.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { ensureTestServer } from "@/lib/testing/test-server";
import { startApp } from "@/process-tests/support/app-process";
import { prepareSetup, SETUP_NAMES, type SetupName } from "@/process-tests/support/database-setups";
import { testPort } from "@/lib/testing/test-ports";

const [name, command, ...args] = process.argv.slice(2);
if (!SETUP_NAMES.includes(name as SetupName) || !command) {
  console.error(`usage: with-setup ${SETUP_NAMES.join("|")} <command> [args...]`);
  process.exit(2);
}
const port = Number(process.env.E2E_PORT ?? testPort(3100));
const judgePort = Number(process.env.E2E_JUDGE_PORT ?? testPort(3190));
const server = await ensureTestServer();
const setup = await prepareSetup(name as SetupName, { label: "e2e" });
let code = 1;
try {
  const app = await startApp({
    port,
    authSecret: randomBytes(32).toString("base64"),
    env: {
      ...setup.appEnv,
      // What the browser tests expect of the app (as playwright.config.ts starts it on the direct setup).
      EVALFORM_JUDGE_BASE_URL: `http://127.0.0.1:${judgePort}/v1`,
      EVALFORM_JUDGE_MODEL: "scripted-judge",
      EVALFORM_JUDGE_CONCURRENCY: "4",
      EVALFORM_METRICS_TOKEN: randomBytes(32).toString("base64url"),
      EVALFORM_LOG_LEVEL: "warn",
    },
  });
  console.log(`${name} setup: the app serves ${app.url}`);
  try {
    code = await new Promise<number>((resolve) => {
      const child = spawn(command, args, {
        stdio: "inherit",
        env: {
          ...process.env,
          E2E_APP_URL: app.url,
          E2E_SETUP: name,
          DATABASE_URL: setup.databaseUrl(),
          BETTER_AUTH_SECRET: randomBytes(32).toString("base64"),
        },
      });
      child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
      child.on("error", (error) => {
        console.error(error);
        resolve(1);
      });
    });
  } finally {
    const stopped = await app.stop("SIGTERM");
    if (stopped.code !== 0) {
      console.error(`the app did not stop cleanly (${JSON.stringify(stopped)}):\n${app.output().slice(-3_000)}`);
      code ||= 1;
    }
  }
} finally {
  await setup.stop();
  await server.stop();
}
process.exit(code);
