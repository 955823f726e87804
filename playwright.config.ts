// Browser tests: Debian's Chromium (Playwright cannot download its own here)
// against the real built app on a fresh database (DATABASE_URL from
// scripts/with-test-db.ts), or against an app that scripts/with-setup.ts
// serves on another setup (E2E_APP_URL: embedded, PgBouncer).
import { randomBytes } from "node:crypto";
import { defineConfig } from "@playwright/test";
import { testPort } from "./lib/testing/test-ports";

// E2E_PORT / E2E_JUDGE_PORT let two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? testPort(3100));
// Set by scripts/with-setup.ts, which has started the app itself.
const APP_URL = process.env.E2E_APP_URL;
// The scripted judge (scripts/fake-judge.ts) that judge runs in browser tests talk to.
const JUDGE_PORT = Number(process.env.E2E_JUDGE_PORT ?? testPort(3190));
const databaseUrl = process.env.DATABASE_URL ?? "";
const host = databaseUrl ? new URL(databaseUrl).hostname : "";
if (!["127.0.0.1", "localhost", "::1"].includes(host)) {
  throw new Error("e2e tests need a local DATABASE_URL: run them with `npm run test:e2e`");
}

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  reporter: [
    ["list"],
    [
      "json",
      { outputFile: process.env.E2E_SETUP ? `.reports/e2e.${process.env.E2E_SETUP}.json` : ".reports/e2e.json" },
    ],
  ],
  use: {
    baseURL: APP_URL ?? `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: [
    {
      command: `node_modules/.bin/tsx scripts/fake-judge.ts ${JUDGE_PORT}`,
      port: JUDGE_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    ...(APP_URL
      ? []
      : [
          {
            command: `node_modules/.bin/next start --port ${PORT} --hostname 127.0.0.1`,
            url: `http://127.0.0.1:${PORT}/api/records`,
            reuseExistingServer: false,
            timeout: 90_000,
            env: {
              DATABASE_URL: databaseUrl,
              NEXT_TELEMETRY_DISABLED: "1",
              EVALFORM_BASE_URL: `http://127.0.0.1:${PORT}`,
              EVALFORM_JUDGE_BASE_URL: `http://127.0.0.1:${JUDGE_PORT}/v1`,
              EVALFORM_JUDGE_MODEL: "scripted-judge",
              EVALFORM_JUDGE_CONCURRENCY: "4",
              // Set, so the access matrix sees the metrics endpoint refuse sessions (unset, it answers 404 to everyone).
              EVALFORM_METRICS_TOKEN: randomBytes(32).toString("base64url"),
            },
          },
        ]),
  ],
});
