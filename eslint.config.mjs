import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import boundary from "./eslint-rules/server-only-boundary.mjs";

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    ignores: [
      "lib/generated/**",
      ".next/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      ".scratch/**",
      ".cache/**",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      // Configuration is read and validated once, in lib/env.ts.
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through lib/env.ts." },
      ],
    },
  },
  {
    // Launchers (and the backup, which runs pg_dump) hand the environment to the processes they start; the CLI is a
    // client whose settings are its caller's environment, not the server's.
    files: [
      "lib/env.ts",
      "instrumentation.ts",
      "lib/testing/**",
      "e2e/**",
      "process-tests/**",
      "lib/backup/**",
      "playwright.config.ts",
      "scripts/serve.ts",
      "scripts/with-test-db.ts",
      "scripts/with-test-server.ts",
      "scripts/with-setup.ts",
      "scripts/test-all.ts",
      "lib/embedded-db/**",
      "scripts/evalform.ts",
      "bench/**",
      "drills/**",
    ],
    rules: { "no-restricted-properties": "off" },
  },
  {
    // Client code never reaches a module marked `import "server-only"` (eslint-rules/server-only-boundary.mjs).
    plugins: { evalform: boundary },
    rules: { "evalform/server-only-boundary": "error" },
  },
];

export default config;
