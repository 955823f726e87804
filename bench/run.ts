// `npm run bench [-- --quick] [--in-process] [--only id,id] [--out FILE]`: runs
// every benchmark, each in its own process on its own fresh database, prints
// its tables and writes BENCHMARKS.md (machine, date, commit, every figure
// beside its baseline, the targets met and missed, and the before/after
// history from bench/history/). `--quick` runs the small sizes (it checks that
// each script runs, never its figures) and writes .reports/BENCHMARKS.quick.md
// unless --out says otherwise. `--in-process` leaves out the benchmarks that
// serve the app (HTTP, Chromium): `npm test` runs `--quick --in-process`, so
// the scripts that call lib/ directly cannot rot; the others take ~3 minutes
// of CI's 30 and are run with `npm run bench -- --quick`.
// Needs `npm run build` (the benchmarks that go through HTTP serve the build).
import { spawnSync } from "node:child_process";
import { ensureTestServer } from "@/lib/testing/test-server";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { markdownTable, type BenchResult } from "./support/report";

/** `servesApp`: starts the built app and drives it over HTTP or in Chromium. */
type Bench = { id: string; script: string; nodeFlags?: string[]; quick: string[]; full: string[]; servesApp?: true };

// In the order of the issue's list; the two reader/judge benches after them.
const BENCHES: Bench[] = [
  { id: "submit", script: "bench/submit-path.ts", quick: ["--quick"], full: [], servesApp: true },
  { id: "export", script: "bench/export-records.ts", quick: ["--quick"], full: ["100000", "1000000"], servesApp: true },
  { id: "import", script: "bench/import-eee-db.ts", nodeFlags: ["--expose-gc"], quick: ["--quick"], full: [] },
  { id: "import-records", script: "bench/import-records-db.ts", quick: ["--quick"], full: [] },
  { id: "queue", script: "bench/queue-next-item.ts", quick: ["--quick"], full: [], servesApp: true },
  { id: "form", script: "bench/form-typing.ts", quick: ["--quick"], full: [], servesApp: true },
  { id: "keys", script: "bench/rating-keystrokes.ts", quick: [], full: [], servesApp: true },
  { id: "submit-next", script: "bench/rating-submit-next.ts", quick: ["--quick"], full: [], servesApp: true },
  { id: "analytics", script: "bench/analytics-report.ts", quick: ["--quick"], full: [] },
  { id: "adjudication-queue", script: "bench/adjudication-queue.ts", quick: ["--quick"], full: [] },
  { id: "import-read", script: "bench/import-eee-read.ts", quick: ["--quick"], full: [] },
  { id: "judge", script: "bench/judge-run.ts", quick: ["--quick"], full: [] },
  { id: "records-browser", script: "bench/records-browser.ts", quick: ["--quick"], full: [] },
  { id: "pairwise", script: "bench/pairwise-leaderboard.ts", quick: ["--quick"], full: [] },
  { id: "estimates", script: "bench/estimates.ts", quick: ["--quick"], full: [] },
];

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    only: { type: "string" },
    out: { type: "string" },
    report: { type: "boolean", default: false },
    "in-process": { type: "boolean", default: false },
  },
});
// --report: measure nothing, write the report from the kept figures.
const only = values.report ? new Set<string>() : values.only ? new Set(values.only.split(",")) : null;
const unknown = [...(only ?? [])].filter((id) => !BENCHES.some((bench) => bench.id === id));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(", ")}; benchmarks: ${BENCHES.map((bench) => bench.id).join(", ")}`);
  process.exit(2);
}
const chosen = BENCHES.filter((entry) => (!only || only.has(entry.id)) && !(values["in-process"] && entry.servesApp));
if (!values.report && chosen.some((entry) => entry.servesApp) && !existsSync(".next/BUILD_ID")) {
  console.error("No production build: run `npm run build` first (the HTTP benchmarks serve it).");
  process.exit(2);
}
const out = values.out ?? (values.quick ? ".reports/BENCHMARKS.quick.md" : "BENCHMARKS.md");
// Each benchmark's figures are kept in .reports/bench/<id>.json with the commit
// and date they were measured at; `--only` re-measures some and reports them
// beside the kept figures of the others (each section says when it was measured).
// A benchmark with no kept figures on this machine (a fresh clone) keeps its
// section and target rows from the report being rewritten (keptSections).
const resultsDir = path.resolve(".reports/bench", values.quick ? "quick" : "full");
if (!only) rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const gitOut = (...args: string[]) => spawnSync("git", args, { encoding: "utf8" }).stdout.trim();
const commitNow = (gitOut("rev-parse", "--short", "HEAD") || "unknown") + (gitOut("status", "--porcelain") ? "+" : "");
type Measured = BenchResult & { measuredAt?: string; commit?: string };

const results: { bench: Bench; result: Measured | null; seconds: number | null }[] = [];
// One database server for every benchmark's database (a throwaway embedded one when TEST_ADMIN_DATABASE_URL is unset).
const testServer = values.report ? null : await ensureTestServer();
for (const bench of chosen) {
  console.log(`\n=== ${bench.id} (${bench.script})`);
  const resultFile = path.join(resultsDir, `${bench.id}.json`);
  const started = Date.now();
  const run = spawnSync(
    "node_modules/.bin/tsx",
    [
      "--conditions=react-server",
      "scripts/with-test-db.ts",
      process.execPath,
      ...(bench.nodeFlags ?? []),
      "--import",
      "tsx",
      "--conditions=react-server",
      bench.script,
      ...(values.quick ? bench.quick : bench.full),
    ],
    { stdio: "inherit", env: { ...process.env, BENCH_RESULT_FILE: resultFile, NEXT_TELEMETRY_DISABLED: "1" } },
  );
  const seconds = (Date.now() - started) / 1000;
  const fresh = run.status === 0 && existsSync(resultFile) && statSync(resultFile).mtimeMs >= started;
  const result = fresh ? (JSON.parse(readFileSync(resultFile, "utf8")) as Measured) : null;
  if (result)
    writeFileSync(
      resultFile,
      JSON.stringify({ ...result, measuredAt: new Date().toISOString(), commit: commitNow, seconds }, null, 2),
    );
  else console.error(`${bench.id} failed (exit ${run.status ?? run.signal}) or reported nothing`);
  results.push({
    bench,
    result: result ? { ...result, measuredAt: new Date().toISOString(), commit: commitNow } : null,
    seconds,
  });
}
await testServer?.stop();
const failedNow = results.filter((entry) => !entry.result).map((entry) => entry.bench.id);
// Benchmarks not run this time keep their last figures (with their own date and commit).
for (const bench of BENCHES) {
  if (results.some((entry) => entry.bench.id === bench.id)) continue;
  const file = path.join(resultsDir, `${bench.id}.json`);
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, "utf8")) as Measured & { seconds?: number };
    results.push({ bench, result: kept, seconds: kept.seconds ?? null });
  }
}
results.sort((a, b) => BENCHES.indexOf(a.bench) - BENCHES.indexOf(b.bench));
const previous = existsSync(out)
  ? keptSections(
      readFileSync(out, "utf8"),
      BENCHES.filter((bench) => !results.some((entry) => entry.bench.id === bench.id)),
    )
  : new Map<string, KeptSection>();

writeReport(out);
console.log(
  `\n${failedNow.length === 0 ? "every benchmark asked for ran" : `failed: ${failedNow.join(", ")}`}; report in ${out}`,
);
process.exit(failedNow.length > 0 ? 1 : 0);

type KeptSection = { title: string; targetRows: string[]; body: string[] };

/**
 * The sections of an earlier report for benchmarks measured on another machine
 * (or before a clone): found by their first line, which names the script, and
 * kept verbatim with their rows of the targets table.
 */
function keptSections(report: string, benches: Bench[]): Map<string, KeptSection> {
  const kept = new Map<string, KeptSection>();
  const lines = report.split("\n");
  const beforeHistory = lines.indexOf("# Before and after");
  const sectionLines = beforeHistory === -1 ? lines : lines.slice(0, beforeHistory);
  const starts = sectionLines.flatMap((line, index) => (line.startsWith("## ") ? [index] : []));
  for (const [position, start] of starts.entries()) {
    const body = sectionLines.slice(start, starts[position + 1] ?? sectionLines.length);
    const bench = benches.find((entry) => body.some((line) => line.startsWith(`\`${entry.script}\` · `)));
    if (!bench) continue;
    const title = body[0]!.slice(3).trim();
    const note = "- Kept from the earlier report: not re-measured in this run.";
    while (body.length > 0 && (body.at(-1)!.trim() === "" || body.at(-1) === note)) body.pop();
    const targetRows = lines.filter((line) => line.startsWith(`| ${title} | `));
    kept.set(bench.id, { title, targetRows, body });
  }
  return kept;
}

function writeReport(file: string): void {
  const done = results.filter((entry) => entry.result) as { bench: Bench; result: Measured; seconds: number | null }[];
  const lines = [
    "# Benchmarks",
    "",
    `Written by \`npm run bench${values.quick ? " -- --quick" : ""}\`; do not edit by hand (the before/after history comes from \`bench/history/\`). Every figure stands beside a baseline measured in the same run on the same machine: the machine is shared and noisy, so ratios mean more than absolute times.`,
    "",
    `- Written: ${new Date().toISOString()} at commit ${commitNow} (\`+\`: with uncommitted changes); each section gives the date and commit it was measured at`,
    `- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${/\d+\.\d+/.exec(spawnSync("psql", ["--version"], { encoding: "utf8" }).stdout)?.[0] ?? "unknown"}`,
    `- Mode: ${values.quick ? "quick (small sizes: these figures only show the scripts run)" : "full sizes"}`,
    "",
    "## Targets",
    "",
    [
      markdownTable({
        header: ["benchmark", "what", "measured", "target", "met"],
        rows: done.flatMap(({ result }) =>
          result.targets.map((target) => [
            result.title,
            target.name,
            target.measured,
            target.target,
            target.met ? "yes" : "**no**",
          ]),
        ),
      }),
      ...[...previous.values()].flatMap((section) => section.targetRows),
    ].join("\n"),
  ];
  if (failedNow.length > 0) lines.push("", `Failed to run: ${failedNow.join(", ")}.`);
  for (const { bench, result, seconds } of done) {
    lines.push(
      "",
      `## ${result.title}`,
      "",
      `\`${bench.script}\` · baseline: ${result.baseline} · sizes: ${result.sizes} · measured ${result.measuredAt ?? "?"} at ${result.commit ?? "?"}${seconds === null ? "" : `, ran in ${seconds.toFixed(0)} s`}`,
      "",
    );
    for (const table of result.tables) lines.push(markdownTable(table), "");
    for (const note of result.notes ?? []) lines.push(`- ${note}`);
  }
  for (const section of previous.values())
    lines.push("", ...section.body, "", "- Kept from the earlier report: not re-measured in this run.");
  const historyDir = "bench/history";
  const history = existsSync(historyDir)
    ? readdirSync(historyDir)
        .filter((name) => name.endsWith(".md"))
        .sort()
    : [];
  if (history.length > 0) {
    lines.push(
      "",
      "# Before and after",
      "",
      "What each change bought, measured as above (the files in `bench/history/`).",
    );
    for (const name of history)
      lines.push("", readFileSync(path.join(historyDir, name), "utf8").trim().replace(/^# /gm, "## "));
  }
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, lines.join("\n") + "\n");
}
