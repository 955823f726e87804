#!/usr/bin/env node
// `npx evalform …` from the repository: runs scripts/evalform.ts with tsx, with
// the repository's tsconfig (for its @/ paths) wherever it is called from.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const tsx = createRequire(import.meta.url).resolve("tsx/cli");
const result = spawnSync(
  process.execPath,
  [
    tsx,
    "--conditions=react-server",
    "--tsconfig",
    path.join(root, "tsconfig.json"),
    path.join(root, "scripts", "evalform.ts"),
    ...process.argv.slice(2),
  ],
  { stdio: "inherit" },
);
process.exit(result.status ?? 1);
