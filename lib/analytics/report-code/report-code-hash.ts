// The version of the report's code, computed rather than hand-bumped: the
// sha256 of the source of every module the cached suite report is computed by
// (the import closure of suite-report.ts within the report's own folders).
// Used by scripts/report-code-version.ts to write report-code-version.ts and by
// its test, which fails when the code changed and the file was not regenerated.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.join(import.meta.dirname, "..", "..", "..");
const ENTRY = "lib/analytics/suite-report.ts";
/** Where the report's computation lives; imports outside (db, auth, env) carry no report logic. */
const REPORT_CODE = ["lib/analytics/", "lib/review/review-summary", "lib/estimates/"];
const IMPORT = /^\s*(?:import|export)\b[^"']*?from\s*["']([^"']+)["']/gm;

function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? specifier.slice(2)
    : specifier.startsWith(".")
      ? path.posix.join(path.posix.dirname(from), specifier)
      : null;
  if (base === null) return null;
  const file = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) =>
    existsSync(path.join(ROOT, candidate)),
  );
  // This folder holds the version itself, not report logic (and hashing it would chase its own tail).
  return file && REPORT_CODE.some((prefix) => file.startsWith(prefix)) && !file.startsWith("lib/analytics/report-code/")
    ? file
    : null;
}

/** The report's source files, sorted, relative to the repository. */
export function reportCodeFiles(): string[] {
  const seen = new Set<string>([ENTRY]);
  const queue = [ENTRY];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const match of readFileSync(path.join(ROOT, file), "utf8").matchAll(IMPORT)) {
      const next = resolveImport(file, match[1]!);
      if (next && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return [...seen].sort();
}

export function reportCodeHash(): string {
  const hash = createHash("sha256");
  for (const file of reportCodeFiles())
    hash.update(`${file}\0${readFileSync(path.join(ROOT, file), "utf8").replaceAll("\r\n", "\n")}\0`);
  return hash.digest("hex");
}
