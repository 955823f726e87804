// Every browser test file loads under Playwright's own loader (which cannot import JSON modules, unlike vitest and
// Next): a fixture that reached the schema through a JSON import stopped the whole browser suite before its first
// test, and nothing earlier than the browser step said so.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("browser tests", () => {
  it("all load: playwright test --list exits 0 and lists every spec file", { timeout: 120_000 }, () => {
    const listed = spawnSync("node_modules/.bin/playwright", ["test", "--list"], {
      encoding: "utf8",
      // The config wants a local database URL; listing never connects to it.
      env: { ...process.env, DATABASE_URL: "postgres://127.0.0.1:1/listing-only" },
    });
    expect(listed.stderr + listed.stdout).not.toMatch(/Error/);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/Total: \d+ tests in \d+ files/);
  });
});
