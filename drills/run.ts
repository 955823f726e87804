// `npm run drills [-- --full] [--only id,id] [--setups embedded,direct,pgbouncer] [--out FILE] [--with-results DIR]`:
// runs the fault-injection drills (with --full or --only, the security probes
// too) against the built app and a real PostgreSQL, reached the ways users run
// it (direct by default; all three with --full; drills that are not
// `everySetup` run on direct only), prints each case and writes RELIABILITY.md
// (machine, date, commit, counts per case) — with the results the process
// tests saved for the security probes when --with-results names their folder.
// Exits 1 if any case it ran failed. Needs `npm run build` first.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureTestServer } from "@/lib/testing/test-server";
import { SETUP_NAMES, SETUP_TITLES, type SetupName } from "@/process-tests/support/database-setups";
import { DRILLS, FAULT_DRILLS } from "./index";
import type { Drill, DrillCase, DrillResult } from "./support/drill";
import { readSavedResults } from "./support/saved-results";

const { values } = parseArgs({
  options: {
    full: { type: "boolean", default: false },
    only: { type: "string" },
    setups: { type: "string" },
    out: { type: "string", default: "RELIABILITY.md" },
    json: { type: "string" },
    "with-results": { type: "string" },
  },
});

const only = values.only ? new Set(values.only.split(",")) : null;
const unknown = [...(only ?? [])].filter((id) => !DRILLS.some((drill) => drill.id === id));
if (unknown.length > 0) {
  console.error(`unknown drill ${unknown.join(", ")}; drills: ${DRILLS.map((drill) => drill.id).join(", ")}`);
  process.exit(2);
}
const chosen = only
  ? DRILLS.filter((drill) => only.has(drill.id))
  : values.full
    ? DRILLS
    : FAULT_DRILLS.filter((drill) => drill.quick);
const setups = (values.setups ?? (values.full ? SETUP_NAMES.join(",") : "direct")).split(",") as SetupName[];
const unknownSetups = setups.filter((setup) => !SETUP_NAMES.includes(setup));
if (unknownSetups.length > 0) {
  console.error(`unknown setup ${unknownSetups.join(", ")}; setups: ${SETUP_NAMES.join(", ")}`);
  process.exit(2);
}
const runs = chosen.flatMap((drill) =>
  setups.filter((setup) => drill.everySetup || setup === "direct").map((setup) => ({ drill, setup })),
);
const testServer = await ensureTestServer();

// A drill's stray error (an 'error' event nobody listens to, a rejected promise
// nobody awaits) must fail that drill, not end the run before the report is written.
const strays: string[] = [];
process.on("uncaughtException", (error) => {
  strays.push(error.stack ?? String(error));
  console.error(error);
});
process.on("unhandledRejection", (reason) => {
  strays.push(reason instanceof Error ? (reason.stack ?? reason.message) : String(reason));
  console.error(reason);
});

type Outcome = { drill: Drill; setup: SetupName; result: DrillResult; seconds: number };
const outcomes: Outcome[] = [];
for (const { drill, setup } of runs) {
  console.log(`\n=== ${heading(drill, setup)}`);
  const started = Date.now();
  let result: DrillResult;
  try {
    result = await drill.run({ full: values.full, setup, log: (message) => console.log(`  ${message}`) });
  } catch (error) {
    // A drill that throws is a failed case, reported like the others.
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(message);
    result = {
      cases: [
        {
          name: "the drill ran to its end",
          tried: 1,
          refused: 0,
          lost: 0,
          duplicated: 0,
          passed: false,
          detail: `threw: ${message.split("\n")[0]}`,
        },
      ],
    };
  }
  if (strays.length > 0) {
    result.cases.push({
      name: "no stray error during the drill",
      tried: 1,
      refused: 0,
      lost: 0,
      duplicated: 0,
      passed: false,
      detail: `${strays.length} uncaught: ${strays[0]!.split("\n")[0]}`,
    });
    strays.length = 0;
  }
  const seconds = (Date.now() - started) / 1000;
  for (const item of result.cases) console.log(`  ${item.passed ? "ok  " : "FAIL"} ${item.name}: ${item.detail}`);
  outcomes.push({ drill, setup, result, seconds });
}
await testServer.stop();

const cases = outcomes.flatMap((outcome) => outcome.result.cases);
const failed = cases.filter((item) => !item.passed);
// The probes another tier ran (and counted) join the report, in the drills' order; a drill run here wins.
const saved = values["with-results"] ? readSavedResults(values["with-results"]) : [];
const ranHere = new Set(outcomes.map((outcome) => `${outcome.drill.id}|${outcome.setup}`));
const reported = [
  ...outcomes,
  ...saved
    .filter((entry) => !ranHere.has(`${entry.id}|${entry.setup}`))
    .flatMap((entry) => {
      const drill = DRILLS.find((candidate) => candidate.id === entry.id);
      return drill ? [{ drill, setup: entry.setup, result: entry.result, seconds: entry.seconds }] : [];
    }),
].sort(
  (a, b) => DRILLS.indexOf(a.drill) - DRILLS.indexOf(b.drill) || setups.indexOf(a.setup) - setups.indexOf(b.setup),
);
writeReport(values.out, reported);
if (values.json) {
  mkdirSync(path.dirname(values.json), { recursive: true });
  writeFileSync(values.json, JSON.stringify({ passed: cases.length - failed.length, failed: failed.length }));
}
console.log(`\n${cases.length - failed.length} drill cases passed, ${failed.length} failed; report in ${values.out}`);
process.exit(failed.length > 0 || cases.length === 0 ? 1 : 0);

function writeReport(file: string, done: Outcome[]): void {
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim() || "unknown";
  const dirty = spawnSync("git", ["status", "--porcelain"], { encoding: "utf8" }).stdout.trim()
    ? " (with uncommitted changes)"
    : "";
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const total = (key: keyof Pick<DrillCase, "tried" | "refused" | "lost" | "duplicated">, list: DrillCase[]) =>
    list.reduce((sum, item) => sum + item[key], 0);
  const lines = [
    "# Reliability and security drills",
    "",
    "Written by `npm run drills" +
      (values.full ? " -- --full" : "") +
      "`; do not edit by hand. Each drill runs against the built app, a real PostgreSQL and, where it says so, Chromium.",
    "",
    `- Date: ${new Date().toISOString()}`,
    `- Commit: ${commit}${dirty}`,
    `- Machine: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`,
    `- Mode: ${values.full ? "full (long sizes)" : "quick (the sizes CI runs)"}`,
    "",
    "| drill | cases | tried | refused | lost | duplicated | result | time |",
    "|---|---:|---:|---:|---:|---:|---|---:|",
    ...done.map(({ drill, setup, result, seconds }) => {
      const passed = result.cases.every((item) => item.passed);
      return `| ${heading(drill, setup)} | ${result.cases.length} | ${total("tried", result.cases)} | ${total("refused", result.cases)} | ${total("lost", result.cases)} | ${total("duplicated", result.cases)} | ${passed ? "pass" : "**FAIL**"} | ${seconds.toFixed(0)} s |`;
    }),
  ];
  for (const { drill, setup, result } of done) {
    lines.push("", `## ${heading(drill, setup)}`, "", drill.summary, "");
    lines.push("| case | tried | refused | lost | duplicated | result | detail |", "|---|---:|---:|---:|---:|---|---|");
    for (const item of result.cases) {
      lines.push(
        `| ${cell(item.name)} | ${item.tried} | ${item.refused} | ${item.lost} | ${item.duplicated} | ${item.passed ? "pass" : "**FAIL**"} | ${cell(item.detail)} |`,
      );
    }
    if (result.figures?.length) lines.push("", ...result.figures);
  }
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, lines.join("\n") + "\n");
}

/** A drill's title, and the setup it ran on when a run covers more than the direct one. */
function heading(drill: Drill, setup: SetupName): string {
  return setups.length === 1 && setup === "direct" ? drill.title : `${drill.title} — ${SETUP_TITLES[setup]}`;
}

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}
