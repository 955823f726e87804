// Form benchmark, in headless Chromium against the production build: for our
// AIF form (/records/new) and for stock rjsf on the same verbatim schema
// (`<Form schema validator={validator} liveValidate />`, default validator,
// bundled by esbuild and served gzip-compressed), in the same run:
// navigation → interactive, first-load JS (compressed bytes of every script
// the page loaded), and per-keystroke latency typing 200 characters into a
// rationale, measured in the page from the keydown's timestamp to the first
// frame after the input was handled (what the rater sees).
// Run: npm run bench:form [-- --quick]   (own database; needs `npm run build`)
import { randomBytes } from "node:crypto";
import { chromium, type Browser, type BrowserContextOptions } from "@playwright/test";
import { requireDatabaseUrl } from "@/lib/env";
import { createTestUser } from "@/lib/testing/test-users";
import { startBenchServer } from "./support/app-server";
import { benchArgs, percentile, reportBench } from "./support/report";
import { startStockRjsfServer } from "./support/stock-rjsf-server";
import { testPort } from "@/lib/testing/test-ports";

const PORT = testPort(3210);
const STOCK_PORT = testPort(3211);
const CHARS = 200;
const TEXT =
  "The answer is correct but it buries the key caveat about refunds in the last paragraph, and it cites a policy section that does not exist; otherwise clear and well organised. Needs a shorter opening."
    .padEnd(CHARS, " x")
    .slice(0, CHARS);
const { quick } = benchArgs();
const RUNS = quick ? 1 : 3;

type Run = { interactiveMs: number; jsKb: number; p50: number; p95: number; max: number };

async function measure(
  browser: Browser,
  options: { url: string; storageState?: BrowserContextOptions["storageState"]; ready: string },
): Promise<Run> {
  const context = await browser.newContext({ storageState: options.storageState });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const latencies: number[] = [];
    (window as unknown as { __latencies: number[] }).__latencies = latencies;
    let keydownAt = 0;
    document.addEventListener(
      "keydown",
      (event) => {
        keydownAt = event.timeStamp;
      },
      true,
    );
    document.addEventListener(
      "input",
      () => {
        const start = keydownAt;
        requestAnimationFrame(() => setTimeout(() => latencies.push(performance.now() - start), 0));
      },
      true,
    );
  });
  const navigationStart = Date.now();
  await page.goto(options.url);
  await page.locator(options.ready).waitFor();
  const interactiveMs = Date.now() - navigationStart;
  const jsBytes = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter(
        (entry) =>
          (entry as PerformanceResourceTiming).name.includes(".js") ||
          (entry as PerformanceResourceTiming).initiatorType === "script",
      )
      .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
  );
  const rationale = page.locator("#root_universal_helpfulness_rationale");
  await rationale.focus();
  await page.keyboard.type(TEXT, { delay: 30 });
  await page.waitForTimeout(300);
  const latencies = await page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies);
  if ((await rationale.inputValue()).length !== CHARS) throw new Error(`typed text was lost on ${options.url}`);
  await context.close();
  return {
    interactiveMs,
    jsKb: jsBytes / 1024,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    max: Math.max(...latencies),
  };
}

const rater = await createTestUser(["rater"], { label: "bench" });
const server = await startBenchServer({
  port: PORT,
  databaseUrl: requireDatabaseUrl(),
  env: { BETTER_AUTH_SECRET: randomBytes(32).toString("base64") },
});
const stock = await startStockRjsfServer(STOCK_PORT);
const ours: Run[] = [];
const stockRuns: Run[] = [];
try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const signedIn = await browser.newContext();
  const response = await signedIn.request.post(`${server.url}/api/auth/sign-in/email`, {
    data: { email: rater.email, password: rater.password },
  });
  if (!response.ok()) throw new Error(`bench sign-in failed: ${response.status()}`);
  const storageState = await signedIn.storageState();
  await signedIn.close();
  // One unmeasured load of each warms the server's route and the browser.
  await measure(browser, { url: `${server.url}/records/new`, storageState, ready: ".aif-form[data-hydrated=true]" });
  await measure(browser, { url: stock.url, ready: "body[data-hydrated=true] form" });
  for (let run = 0; run < RUNS; run++) {
    // Alternate, so drift on a shared machine hits both alike.
    ours.push(
      await measure(browser, {
        url: `${server.url}/records/new`,
        storageState,
        ready: ".aif-form[data-hydrated=true]",
      }),
    );
    stockRuns.push(await measure(browser, { url: stock.url, ready: "body[data-hydrated=true] form" }));
  }
  await browser.close();
} finally {
  await stock.close();
  await server.stop();
}

const median = (runs: Run[], key: keyof Run) =>
  percentile(
    runs.map((run) => run[key]),
    50,
  );
const row = (name: string, runs: Run[]) => [
  name,
  median(runs, "interactiveMs").toFixed(0),
  median(runs, "jsKb").toFixed(1),
  median(runs, "p50").toFixed(1),
  median(runs, "p95").toFixed(1),
  median(runs, "max").toFixed(1),
];
const keystroke = median(ours, "p50");
const stockKeystroke = median(stockRuns, "p50");
reportBench({
  id: "form",
  title: "5. Form",
  baseline:
    "stock rjsf (`<Form schema validator={validator} liveValidate />`, default AJV 8 validator) on the same verbatim AIF schema, bundled and minified with esbuild and served gzip-compressed, in the same browser",
  sizes: `${CHARS} characters typed into a rationale, 30 ms apart; median of ${RUNS} run${RUNS > 1 ? "s" : ""} each after one warm-up; headless Chromium`,
  tables: [
    {
      header: [
        "form",
        "navigation → interactive ms",
        "first-load JS KiB (compressed)",
        "keystroke → frame p50 ms",
        "p95 ms",
        "max ms",
      ],
      rows: [row("evalform AIF form (/records/new)", ours), row("stock rjsf, liveValidate", stockRuns)],
    },
  ],
  targets: [
    {
      name: "keystroke → frame, median",
      target: "≤ 16 ms",
      measured: `${keystroke.toFixed(1)} ms`,
      met: keystroke <= 16,
    },
    {
      name: "keystroke latency vs stock rjsf",
      target: "≤ 0.33",
      measured: (keystroke / stockKeystroke).toFixed(2),
      met: keystroke / stockKeystroke <= 1 / 3,
    },
    {
      name: "navigation → interactive form",
      target: "≤ 1 s",
      measured: `${median(ours, "interactiveMs").toFixed(0)} ms`,
      met: median(ours, "interactiveMs") <= 1000,
    },
    {
      name: "first-load JS of the form page, compressed",
      target: "≤ 250 kB",
      measured: `${(median(ours, "jsKb") * 1.024).toFixed(0)} kB`,
      met: median(ours, "jsKb") * 1.024 <= 250,
    },
  ],
  notes: [
    `The stock bundle is ${(stock.bundleBytes / 1024).toFixed(0)} KiB minified, ${(stock.gzipBytes / 1024).toFixed(0)} KiB gzipped.`,
  ],
});
process.exit(0);
