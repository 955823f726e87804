// `npm test`: every check, in order, each on a fresh database where it needs
// one; ends with one "N passed, N failed" line. A skipped test fails the run.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { ensureTestServer } from "@/lib/testing/test-server";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const started = Date.now();

class StepFailed extends Error {}

// `npm test -- --keep-going`: run every step even after one fails (to see every failure and every stage's time
// in one run); the run still exits 1.
const keepGoing = process.argv.includes("--keep-going");
const failedSteps: string[] = [];

// Each step's wall time and CPU time, printed at the end: CI must stay under 45 minutes, and this says which
// stage grew. CPU time (the step's processes, waited for) hardly changes with the machine's load; wall time does.
const stepSeconds: [title: string, seconds: number, cpuSeconds: number | null][] = [];

/** CPU seconds of this process's waited-for children so far (Linux /proc; null elsewhere). */
function childCpuSeconds(): number | null {
  try {
    // cutime and cstime are fields 16 and 17 of proc_pid_stat(5), in clock ticks (100 a second); index 0 here is field 3.
    const fields = (readFileSync("/proc/self/stat", "utf8").split(") ")[1] ?? "").split(" ");
    const seconds = (Number(fields[13]) + Number(fields[14])) / 100;
    return Number.isFinite(seconds) ? seconds : null;
  } catch {
    return null;
  }
}

function step(title: string, command: string, args: string[]): void {
  console.log(`\n=== ${title}`);
  const stepStart = Date.now();
  const cpuStart = childCpuSeconds();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  const cpuEnd = childCpuSeconds();
  stepSeconds.push([
    title.replace(/ \(.*$|:.*$/, ""),
    Math.round((Date.now() - stepStart) / 1000),
    cpuStart === null || cpuEnd === null ? null : Math.round(cpuEnd - cpuStart),
  ]);
  if (result.status === 0) return;
  const message = `\n${title} failed (exit ${result.status ?? result.signal}).`;
  if (!keepGoing) throw new StepFailed(message);
  console.error(message);
  failedSteps.push(title);
}

/**
 * Single-threaded checks run side by side (CI has two cores; in a row they left one idle), each one's output
 * printed whole when it ends so that the log stays readable. CPU time is the group's: children run together.
 */
async function stepsTogether(steps: [title: string, command: string, args: string[]][]): Promise<void> {
  const groupStart = Date.now();
  const cpuStart = childCpuSeconds();
  const results = await Promise.all(
    steps.map(
      ([title, command, args]) =>
        new Promise<{ title: string; code: number | string; output: string; seconds: number }>((resolve) => {
          const stepStart = Date.now();
          const child = spawn(command, args, { env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
          let output = "";
          child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
          child.on("close", (code, signal) =>
            resolve({ title, code: code ?? signal ?? 1, output, seconds: Math.round((Date.now() - stepStart) / 1000) }),
          );
        }),
    ),
  );
  const cpuEnd = childCpuSeconds();
  const failed: string[] = [];
  for (const { title, code, output, seconds } of results) {
    console.log(`\n=== ${title} (${seconds} s, run beside ${steps.length - 1} other check(s))`);
    process.stdout.write(output);
    if (code !== 0) {
      console.error(`\n${title} failed (exit ${code}).`);
      failed.push(title);
    }
  }
  stepSeconds.push([
    results.map(({ title }) => title.replace(/ \(.*$|:.*$/, "")).join(" + "),
    Math.round((Date.now() - groupStart) / 1000),
    cpuStart === null || cpuEnd === null ? null : Math.round(cpuEnd - cpuStart),
  ]);
  if (failed.length === 0) return;
  if (!keepGoing) throw new StepFailed(`\n${failed.join("; ")} failed.`);
  failedSteps.push(...failed);
}

type Counts = { passed: number; failed: number; skipped: number };

function readCounts(): Counts {
  const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(".reports/unit.json")) {
    const unit = JSON.parse(readFileSync(".reports/unit.json", "utf8"));
    counts.passed += unit.numPassedTests;
    counts.failed += unit.numFailedTests;
    counts.skipped += unit.numPendingTests + unit.numTodoTests;
  }
  if (existsSync(".reports/process.json")) {
    const processes = JSON.parse(readFileSync(".reports/process.json", "utf8"));
    counts.passed += processes.numPassedTests;
    counts.failed += processes.numFailedTests;
    counts.skipped += processes.numPendingTests + processes.numTodoTests;
  }
  if (existsSync(".reports/drills.json")) {
    const drills = JSON.parse(readFileSync(".reports/drills.json", "utf8"));
    counts.passed += drills.passed;
    counts.failed += drills.failed;
  }
  for (const file of [".reports/e2e.json", ".reports/e2e.embedded.json", ".reports/e2e.pgbouncer.json"]) {
    if (!existsSync(file)) continue;
    const e2e = JSON.parse(readFileSync(file, "utf8"));
    counts.passed += e2e.stats.expected;
    counts.failed += e2e.stats.unexpected + e2e.stats.flaky;
    counts.skipped += e2e.stats.skipped;
  }
  return counts;
}

function summarize(): Counts {
  const counts = readCounts();
  console.log(
    `\n${stepSeconds.map(([title, seconds, cpu]) => `${title} ${seconds} s${cpu === null ? "" : ` (cpu ${cpu} s)`}`).join(" · ")}`,
  );
  console.log(`(${Math.round((Date.now() - started) / 1000)} s)`);
  console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  return counts;
}

if (!existsSync(CHROMIUM)) {
  console.error(`No Chromium at ${CHROMIUM}. Install Debian's: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  process.exit(1);
}
rmSync(".reports", { recursive: true, force: true });
// Test databases go to TEST_ADMIN_DATABASE_URL, or to a throwaway embedded PostgreSQL started here.
const testServer = await ensureTestServer();
try {
  step("prisma generate", "npm", ["run", "--silent", "prisma:generate"]);
  await stepsTogether([
    ["format (prettier --check)", "npx", ["prettier", "--check", "."]],
    ["lint", "npx", ["eslint", "."]],
    ["typecheck", "npx", ["tsc", "--noEmit"]],
  ]);
  step("unit and database tests (vitest)", "npm", ["run", "--silent", "test:unit"]);
  step("production build", "npx", ["next", "build"]);
  step(
    "process tests: SIGTERM drain, two replicas, README deployment, concurrency and the security probes on every database setup (vitest)",
    "npm",
    ["run", "--silent", "test:process"],
  );
  // The whole browser suite on a direct PostgreSQL; the tests tagged @every-setup again on the embedded default and behind PgBouncer.
  step("browser tests (playwright, direct PostgreSQL)", "npm", ["run", "--silent", "test:e2e"]);
  for (const setup of ["embedded", "pgbouncer"]) {
    step(`browser tests tagged @every-setup (playwright, ${setup})`, "node_modules/.bin/tsx", [
      "--conditions=react-server",
      "scripts/with-setup.ts",
      setup,
      "node_modules/.bin/playwright",
      "test",
      "--grep",
      "@every-setup",
    ]);
  }
  // Benchmarks are not tests: this only proves the scripts that call lib/ directly still run (small sizes,
  // figures unchecked). Those that serve the app (~3 minutes) run with `npm run bench -- --quick`.
  step("benchmarks (quick sizes, in-process scripts)", "npm", [
    "run",
    "--silent",
    "bench",
    "--",
    "--quick",
    "--in-process",
  ]);
  // Fault injection, the quick sizes, those that run on every setup on all three; the report joins the security probes the process tests ran.
  // RELIABILITY.md itself is written by `npm run drills -- --full`.
  step("fault-injection drills (quick, every setup)", "npm", [
    "run",
    "--silent",
    "drills",
    "--",
    "--setups",
    "embedded,direct,pgbouncer",
    "--out",
    ".reports/RELIABILITY.md",
    "--json",
    ".reports/drills.json",
    "--with-results",
    ".reports/drill-results",
  ]);
} catch (error) {
  if (!(error instanceof StepFailed)) throw error;
  console.error(error.message);
  summarize();
  await testServer.stop();
  process.exit(1);
}
await testServer.stop();
const counts = summarize();
if (counts.skipped > 0) {
  console.error("Skipped tests are not allowed: fix or delete them.");
  process.exit(1);
}
if (failedSteps.length > 0) console.error(`Failed steps: ${failedSteps.join("; ")}`);
process.exit(counts.failed > 0 || counts.passed === 0 || failedSteps.length > 0 ? 1 : 0);
