// Form benchmark: first-load JS of the form page, navigation → interactive, and
// per-keystroke latency typing 200 characters into a rationale, in headless
// Chromium against the production build (`npm run build` first).
// Latency is measured in the page: from the keydown's timestamp to the first
// frame after the input was handled (what the rater sees), plus the wall time
// per character as Playwright observes it.
import { spawn } from "node:child_process";
import { chromium } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { createTestDatabase } from "@/lib/testing/test-database";

const PORT = 3210;
const CHARS = 200;
const TEXT = "The answer is correct but it buries the key caveat about refunds in the last paragraph, and it cites a policy section that does not exist; otherwise clear and well organised. Needs a shorter opening.".padEnd(CHARS, " x").slice(0, CHARS);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

const database = await createTestDatabase("bench");
const secret = randomBytes(32).toString("base64");
process.env.DATABASE_URL = database.url;
process.env.BETTER_AUTH_SECRET = secret;
const { createTestUser } = await import("@/lib/testing/test-users");
const rater = await createTestUser(["rater"], { label: "bench" });
const server = spawn("node_modules/.bin/next", ["start", "--port", String(PORT), "--hostname", "127.0.0.1"], {
  env: { ...process.env, DATABASE_URL: database.url, BETTER_AUTH_SECRET: secret, EVALFORM_BASE_URL: `http://127.0.0.1:${PORT}`, NEXT_TELEMETRY_DISABLED: "1" },
  stdio: "ignore",
});
try {
  for (let i = 0; ; i++) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/sign-in`).then((r) => r.ok, () => false);
    if (ok) break;
    if (i > 120) throw new Error("server did not start");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const rows: string[][] = [];
  const signedIn = await browser.newContext();
  const response = await signedIn.request.post(`http://127.0.0.1:${PORT}/api/auth/sign-in/email`, { data: { email: rater.email, password: rater.password } });
  if (!response.ok()) throw new Error(`bench sign-in failed: ${response.status()}`);
  const storageState = await signedIn.storageState();
  await signedIn.close();
  for (let run = 1; run <= 3; run++) {
    const page = await (await browser.newContext({ storageState })).newPage();
    await page.addInitScript(() => {
      const latencies: number[] = [];
      (window as unknown as { __latencies: number[] }).__latencies = latencies;
      let keydownAt = 0;
      document.addEventListener("keydown", (event) => { keydownAt = event.timeStamp; }, true);
      document.addEventListener("input", () => {
        const start = keydownAt;
        requestAnimationFrame(() => setTimeout(() => latencies.push(performance.now() - start), 0));
      }, true);
    });
    const navigationStart = Date.now();
    await page.goto(`http://127.0.0.1:${PORT}/records/new`);
    await page.locator(".aif-form[data-hydrated=true]").waitFor();
    const interactiveMs = Date.now() - navigationStart;
    const jsBytes = await page.evaluate(() =>
      performance.getEntriesByType("resource")
        .filter((entry) => (entry as PerformanceResourceTiming).name.endsWith(".js") || (entry as PerformanceResourceTiming).initiatorType === "script")
        .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
    );
    const rationale = page.locator("#root_universal_helpfulness_rationale");
    await rationale.focus();
    const typingStart = Date.now();
    await page.keyboard.type(TEXT, { delay: 30 });
    const wallPerChar = (Date.now() - typingStart) / CHARS - 30;
    await page.waitForTimeout(300);
    const latencies = await page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies);
    if ((await rationale.inputValue()).length !== CHARS) throw new Error("typed text was lost");
    rows.push([String(run), String(interactiveMs), (jsBytes / 1024).toFixed(1), percentile(latencies, 50).toFixed(1), percentile(latencies, 95).toFixed(1), Math.max(...latencies).toFixed(1), wallPerChar.toFixed(1)]);
    await page.context().close();
  }
  await browser.close();
  const header = ["run", "interactive ms", "first-load JS KiB (compressed)", "keystroke→frame p50 ms", "p95 ms", "max ms", "wall ms/char (less 30 ms delay)"];
  console.log(`AIF form, ${CHARS} characters typed into a rationale (Chromium headless)`);
  console.log(header.join(" | "));
  for (const row of rows) console.log(row.join(" | "));
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 500));
  await database.drop();
}
