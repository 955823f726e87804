import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${path.resolve(import.meta.dirname)}/` },
      // Services are marked server-only for Next; in tests they run in Node.
      { find: /^server-only$/, replacement: path.resolve(import.meta.dirname, "node_modules/server-only/empty.js") },
    ],
  },
  test: {
    include: [
      "lib/**/*.test.ts",
      "components/**/*.test.ts",
      "scripts/**/*.test.ts",
      "schemas/**/*.test.ts",
      "drills/**/*.test.ts",
      "eslint-rules/**/*.test.ts",
    ],
    environment: "node",
    reporters: ["default", ["json", { outputFile: ".reports/unit.json" }]],
    // Most files wait on PostgreSQL, not the CPU: on CI's 2 cores vitest's default (cores - 1 = 1 worker) left a
    // core idle. Tests use their own random ids, so files may share the database (useDatabaseInThisFile isolates).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
