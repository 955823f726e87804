// `npm run bench [-- --quick] [--only id,id] [--out FILE]`: runs every
// benchmark, each in its own process on its own fresh database, prints its
// tables and writes BENCHMARKS.md (machine, date, commit, every figure beside
// its baseline, the targets met and missed, and the before/after history from
// bench/history/). `--quick` runs the small sizes (CI runs it so the scripts
// cannot rot; it checks that each script runs, never its figures) and writes
// .reports/BENCHMARKS.quick.md unless --out says otherwise.
// Needs `npm run build` (the benchmarks that go through HTTP serve the build).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { markdownTable, type BenchResult } from "./support/report";

type Bench = { id: string; script: string; nodeFlags?: string[]; quick: string[]; full: string[] };

// In the order of the list; the two reader/judge benches after them.
const BENCHES: Bench[] = [
  { id: "submit", script: "bench/submit-path.ts", quick: ["--quick"], full: [] },
  { id: "export", script: "bench/export-records.ts", quick: ["--quick"], full: ["100000", "1000000"] },
  { id: "import", script: "bench/import-eee-db.ts", nodeFlags: ["--expose-gc"], quick: ["--quick"], full: [] },
  { id: "queue", script: "bench/queue-next-item.ts", quick: ["--quick"], full: [] },
  { id: "form", script: "bench/form-typing.ts", quick: ["--quick"], full: [] },
  { id: "analytics", script: "bench/analytics-report.ts", quick: ["--quick"], full: [] },
  { id: "import-read", script: "bench/import-eee-read.ts", quick: ["--quick"], full: [] },
  { id: "judge", script: "bench/judge-run.ts", quick: ["--quick"], full: [] },
];

const { values } = parseArgs({ options: { quick: { type: "boolean", default: false }, only: { type: "string" }, out: { type: "string" } } });
const only = values.only ? new Set(values.only.split(",")) : null;
const unknown = [...(only ?? [])].filter((id) => !BENCHES.some((bench) => bench.id === id));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(", ")}; benchmarks: ${BENCHES.map((bench) => bench.id).join(", ")}`);
  process.exit(2);
}
if (!existsSync(".next/BUILD_ID")) {
  console.error("No production build: run `npm run build` first (the HTTP benchmarks serve it).");
  process.exit(2);
}
const out = values.out ?? (values.quick ? ".reports/BENCHMARKS.quick.md" : "BENCHMARKS.md");
const resultsDir = path.resolve(".reports/bench");
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const results: { bench: Bench; result: BenchResult | null; seconds: number }[] = [];
for (const bench of BENCHES.filter((entry) => !only || only.has(entry.id))) {
  console.log(`\n=== ${bench.id} (${bench.script})`);
  const resultFile = path.join(resultsDir, `${bench.id}.json`);
  const started = Date.now();
  const run = spawnSync(
    "node_modules/.bin/tsx",
    ["--conditions=react-server", "scripts/with-test-db.ts", process.execPath, ...(bench.nodeFlags ?? []), "--import", "tsx", "--conditions=react-server", bench.script, ...(values.quick ? bench.quick : bench.full)],
    { stdio: "inherit", env: { ...process.env, BENCH_RESULT_FILE: resultFile, NEXT_TELEMETRY_DISABLED: "1" } },
  );
  const seconds = (Date.now() - started) / 1000;
  const result = run.status === 0 && existsSync(resultFile) ? (JSON.parse(readFileSync(resultFile, "utf8")) as BenchResult) : null;
  if (!result) console.error(`${bench.id} failed (exit ${run.status ?? run.signal}) or reported nothing`);
  results.push({ bench, result, seconds });
}

writeReport(out);
const failed = results.filter((entry) => !entry.result);
console.log(`\n${results.length - failed.length} of ${results.length} benchmarks ran; report in ${out}`);
process.exit(failed.length > 0 ? 1 : 0);

function writeReport(file: string): void {
  const git = (...args: string[]) => spawnSync("git", args, { encoding: "utf8" }).stdout.trim();
  const commit = git("rev-parse", "--short", "HEAD") || "unknown";
  const dirty = git("status", "--porcelain") ? " (with uncommitted changes)" : "";
  const done = results.filter((entry) => entry.result) as { bench: Bench; result: BenchResult; seconds: number }[];
  const lines = [
    "# Benchmarks",
    "",
    `Written by \`npm run bench${values.quick ? " -- --quick" : ""}\`; do not edit by hand (the before/after history comes from \`bench/history/\`). Every figure stands beside a baseline measured in the same run on the same machine: the machine is shared and noisy, so ratios mean more than absolute times.`,
    "",
    `- Date: ${new Date().toISOString()}`,
    `- Commit: ${commit}${dirty}`,
    `- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${/\d+\.\d+/.exec(spawnSync("psql", ["--version"], { encoding: "utf8" }).stdout)?.[0] ?? "unknown"}`,
    `- Mode: ${values.quick ? "quick (small sizes: these figures only show the scripts run)" : "full sizes"}`,
    "",
    "## Targets",
    "",
    markdownTable({
      header: ["benchmark", "what", "measured", "target", "met"],
      rows: done.flatMap(({ result }) => result.targets.map((target) => [result.title, target.name, target.measured, target.target, target.met ? "yes" : "**no**"])),
    }),
  ];
  const missing = results.filter((entry) => !entry.result);
  if (missing.length > 0) lines.push("", `Failed to run: ${missing.map((entry) => entry.bench.id).join(", ")}.`);
  for (const { bench, result, seconds } of done) {
    lines.push("", `## ${result.title}`, "", `\`${bench.script}\` · baseline: ${result.baseline} · sizes: ${result.sizes} · ran in ${seconds.toFixed(0)} s`, "");
    for (const table of result.tables) lines.push(markdownTable(table), "");
    for (const note of result.notes ?? []) lines.push(`- ${note}`);
  }
  const historyDir = "bench/history";
  const history = existsSync(historyDir) ? readdirSync(historyDir).filter((name) => name.endsWith(".md")).sort() : [];
  if (history.length > 0) {
    lines.push("", "# Before and after", "", "What each change bought, measured as above (the files in `bench/history/`).");
    for (const name of history) lines.push("", readFileSync(path.join(historyDir, name), "utf8").trim().replace(/^# /gm, "## "));
  }
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, lines.join("\n") + "\n");
}
