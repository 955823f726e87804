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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
