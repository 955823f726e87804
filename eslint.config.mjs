import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const SERVER_MODULES = ["@/lib/db", "@/lib/env", "@/lib/records/*", "@/lib/users/*", "@/lib/audit/*", "@/lib/http/*", "!@/lib/http/fetch-json", "@/lib/auth/*", "!@/lib/auth/auth-client", "!@/lib/auth/return-path", "!@/lib/auth/permissions", "@/lib/generated/*", "@/lib/migrations/*", "@/lib/imports/*", "!@/lib/imports/formats", "@/lib/suites/*", "@/lib/share-links/*", "@/lib/queues/*", "!@/lib/queues/local-draft", "!@/lib/queues/open-next-item", "!@/lib/queues/record-task", "!@/lib/queues/draft-content", "!@/lib/queues/skip-reasons", "@/lib/review/*", "!@/lib/review/field-decisions", "!@/lib/review/review-summary-types", "@/lib/judge/*", "@/lib/judge-runs/*", "@/lib/health/*", "@/lib/observability/*", "@/lib/lifecycle/*", "!@/lib/observability/request-id", "@/lib/analytics/suite-report", "@/lib/analytics/suite-report-json", "!@/lib/records/chain-link", "server-only"];

const config = [
  ...nextVitals,
  ...nextTypescript,
  { ignores: ["lib/generated/**", ".next/**", "test-results/**", "playwright-report/**", "next-env.d.ts", ".scratch/**"] },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      // Configuration is read and validated once, in lib/env.ts.
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through lib/env.ts." }],
    },
  },
  {
    // Launchers hand the environment to the processes they start; the CLI is a
    // client whose settings are its caller's environment, not the server's.
    files: ["lib/env.ts", "instrumentation.ts", "lib/testing/**", "e2e/**", "process-tests/**", "lib/backup/*.test.ts", "playwright.config.ts", "scripts/serve.ts", "scripts/with-test-db.ts", "scripts/with-test-server.ts", "scripts/with-setup.ts", "scripts/test-all.ts", "lib/embedded-db/**", "scripts/evalform.ts", "bench/**", "drills/**"],
    rules: { "no-restricted-properties": "off" },
  },
  {
    // Client code never imports server modules (database, environment, services).
    files: ["components/**", "app/**/*-client.tsx"],
    // The markdown pipeline runs only on the server (it is marked server-only so it can never be bundled).
    ignores: ["components/markdown/markdown-tree.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: SERVER_MODULES, message: "Client components must not import server modules." }] }] },
  },
];

export default config;
