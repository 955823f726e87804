// Tests of whole app processes (built app required: run after `next build`):
// SIGTERM drain, two replicas on one database, the README's deployment steps.
// One file at a time: each starts servers on fixed ports in 3300–3399.
import { defineConfig } from "vitest/config";
import unitConfig from "./vitest.config";

export default defineConfig({
  // The same module resolution as the unit tests (`@/`, server-only).
  resolve: unitConfig.resolve,
  test: {
    include: ["process-tests/**/*.process.test.ts"],
    environment: "node",
    fileParallelism: false,
    reporters: ["default", ["json", { outputFile: ".reports/process.json" }]],
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
