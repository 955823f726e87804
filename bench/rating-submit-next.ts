// Submit → next item, in headless Chromium against the production build: a
// rater fills a valid rating (all five dimensions 5, High, no hazard), presses
// Ctrl+Enter, and presses n as soon as "Rating submitted" shows; measured from
// the Ctrl+Enter keydown until "Rating submitted" is on screen (submit) and
// from the n keydown until the next item's form is interactive (next), not
// counting the rater's own pause in between. "Interactive" is: the page shows
// another assignment, its form is hydrated, the keyboard is in the form (a
// field focused by the page) and the submit button is enabled. Every moment
// is read in the page, on the frame it is first true (a requestAnimationFrame
// loop), as epoch milliseconds, so a full navigation in between is measured
// the same way as a client-side one.
// Beside it, in the same run: the same rating page loaded by a plain browser
// navigation (reload → interactive), and the API requests inside each round
// (submit, next), timed by the browser.
// Run: npm run bench:submit-next [-- --quick]   (own database; needs `npm run build`)
import { randomBytes } from "node:crypto";
import { chromium, request, type Browser, type Page } from "@playwright/test";
import { requireDatabaseUrl } from "@/lib/env";
import { createTestUser, type TestUser } from "@/lib/testing/test-users";
import { testPort } from "@/lib/testing/test-ports";
import { formReady, keyCounter, rateAllHighNoHazard } from "../e2e/support/keyboard-rating";
import { seedSuite } from "../e2e/support/seed-suite";
import { startBenchServer } from "./support/app-server";
import { benchArgs, percentile, reportBench } from "./support/report";

const PORT = testPort(3213);
const { quick } = benchArgs();
const ROUNDS = quick ? 4 : 40;
const WARMUP = 2;

type Moments = { ctrlEnterAt: number; submittedAt: number; nAt: number; interactiveAt: number; path: string };
type Round = {
  pause: number;
  submit: number;
  next: number;
  total: number;
  reload: number;
  jsKib: number;
  api: Record<string, number>;
};
/** Every other round the rater reads "Rating submitted" this long before pressing n. */
const READING_PAUSE_MS = 300;

/**
 * Installed before every document: records the moments the bench reads (kept
 * across client-side navigations). A string, not a function: tsx would wrap
 * its inner functions in a helper the page does not have.
 */
const RECORD_MOMENTS = `(() => {
  const bench = { ctrlEnterAt: 0, nAt: 0, submittedAt: 0, interactive: null };
  window.__bench = bench;
  const epoch = (timeStamp) => performance.timeOrigin + timeStamp;
  window.addEventListener("keydown", (event) => {
    if (!event.isTrusted) return;
    if (event.key === "Enter" && event.ctrlKey) bench.ctrlEnterAt = epoch(event.timeStamp);
    if (event.key === "n" && !event.ctrlKey) bench.nAt = epoch(event.timeStamp);
  }, true);
  const check = () => {
    if (!bench.submittedAt && document.querySelector("[data-testid=submitted]")) bench.submittedAt = epoch(performance.now());
    const form = document.querySelector(".aif-form[data-hydrated=true]");
    const button = form && form.querySelector("button[type=submit]");
    const focused = document.activeElement;
    const ready = form && button && !button.disabled && focused && focused !== document.body && form.contains(focused);
    if (ready && (!bench.interactive || bench.interactive.path !== location.pathname))
      bench.interactive = { path: location.pathname, at: epoch(performance.now()) };
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

async function signedInPage(browser: Browser, baseURL: string, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const response = await context.request.post("/api/auth/sign-in/email", {
    data: { email: user.email, password: user.password },
  });
  if (!response.ok()) throw new Error(`bench sign-in failed: ${response.status()}`);
  const page = await context.newPage();
  await page.addInitScript(RECORD_MOMENTS);
  return page;
}

async function bench(page: Page): Promise<Moments> {
  return page.evaluate(() => {
    const b = (window as unknown as { __bench: Record<string, unknown> }).__bench;
    const interactive = b.interactive as { path: string; at: number } | null;
    return {
      ctrlEnterAt: b.ctrlEnterAt as number,
      submittedAt: b.submittedAt as number,
      nAt: b.nAt as number,
      interactiveAt: interactive?.at ?? 0,
      path: interactive?.path ?? "",
    };
  });
}

async function waitInteractiveAt(page: Page, notPath: string): Promise<void> {
  await page.waitForFunction((previous) => {
    const interactive = (window as unknown as { __bench: { interactive: { path: string } | null } }).__bench
      .interactive;
    return interactive !== null && interactive.path !== previous;
  }, notPath);
}

/** The browser's timing of the round's API requests, by the route they went to. */
function timeRequests(page: Page): { take: () => Record<string, number> } {
  let timings: Record<string, number> = {};
  page.on("requestfinished", (finished) => {
    const url = new URL(finished.url());
    const name = /\/submit$/.test(url.pathname) ? "submit" : /\/next$/.test(url.pathname) ? "next" : null;
    if (!name) return;
    const timing = finished.timing();
    timings[name] = (timings[name] ?? 0) + (timing.responseEnd - Math.max(0, timing.requestStart));
  });
  return {
    take: () => {
      const taken = timings;
      timings = {};
      return taken;
    },
  };
}

async function oneRound(page: Page, requests: { take: () => Record<string, number> }, pause: number): Promise<Round> {
  // The same page by a plain navigation first: the baseline, and a fresh start for the round.
  const here = new URL(page.url()).pathname;
  await page.reload();
  await waitInteractiveAt(page, "");
  const reloaded = await bench(page);
  const navigationStart = await page.evaluate(() => performance.timeOrigin);
  // Compressed bytes of every script the reloaded page loaded (as the form bench counts them).
  const jsKib =
    (await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === "script")
        .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
    )) / 1024;
  await page.waitForTimeout(150);
  requests.take();

  const keys = keyCounter(page);
  await rateAllHighNoHazard(keys); // …, Ctrl+Enter
  await page.getByTestId("submitted").waitFor();
  if (pause > 0) await page.waitForTimeout(pause);
  await page.keyboard.press("n");
  await waitInteractiveAt(page, here);
  const moments = await bench(page);
  if (moments.path === here || !moments.ctrlEnterAt || !moments.nAt || !moments.submittedAt)
    throw new Error(`a moment was not recorded: ${JSON.stringify(moments)}`);
  await formReady(page);
  return {
    pause,
    submit: moments.submittedAt - moments.ctrlEnterAt,
    next: moments.interactiveAt - moments.nAt,
    total: moments.submittedAt - moments.ctrlEnterAt + (moments.interactiveAt - moments.nAt),
    reload: reloaded.interactiveAt - navigationStart,
    jsKib,
    api: requests.take(),
  };
}

const [admin, rater] = [
  await createTestUser(["admin"], { label: "bench" }),
  await createTestUser(["rater"], { label: "bench" }),
];
const server = await startBenchServer({
  port: PORT,
  databaseUrl: requireDatabaseUrl(),
  env: { BETTER_AUTH_SECRET: randomBytes(32).toString("base64") },
});
const rounds: Round[] = [];
try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  const adminPage = await signedInPage(browser, server.url, admin);
  const adminApi = await request.newContext({
    baseURL: server.url,
    storageState: await adminPage.context().storageState(),
  });
  const suite = await seedSuite(adminApi, server.url, {
    raterIds: [rater.userId],
    count: ROUNDS + WARMUP + 1,
    k: 1,
  });
  const page = await signedInPage(browser, server.url, rater);
  const requests = timeRequests(page);
  const next = await page.request.post(`/api/suites/${suite.suiteId}/next`, { headers: { origin: server.url } });
  await page.goto(`/rate/${(await next.json()).assignment_id}`);
  await formReady(page);
  for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
    const measured = await oneRound(page, requests, round % 2 === 1 ? READING_PAUSE_MS : 0);
    if (round >= WARMUP) rounds.push(measured);
  }
  await browser.close();
  await adminApi.dispose();
} finally {
  await server.stop();
}

const at = (values: number[], p: number) => percentile(values, p);
const immediate = rounds.filter((round) => round.pause === 0);
const paused = rounds.filter((round) => round.pause > 0);
const of = (key: "submit" | "next" | "total" | "reload" | "jsKib", p: number, of: Round[] = immediate) =>
  at(
    of.map((round) => round[key]),
    p,
  );
const apiOf = (name: string, p: number) =>
  at(
    rounds.map((round) => round.api[name] ?? 0),
    p,
  );
const ms = (value: number) => value.toFixed(0);
const p95 = of("total", 95);
reportBench({
  id: "submit-next",
  title: "Rating page: Ctrl+Enter → next item's form interactive",
  baseline:
    "the same rating page loaded by a plain browser navigation (reload → interactive), and the round's API requests as the browser timed them, in the same run",
  sizes: `${ROUNDS} rounds (half with n pressed at once, half after a ${READING_PAUSE_MS} ms pause) after ${WARMUP} warm-up rounds, one rater, a suite of chat items (k = 1); headless Chromium`,
  tables: [
    {
      header: ["step", "p50 ms", "p95 ms"],
      rows: [
        ["Ctrl+Enter → next form interactive (submit + next), n at once", ms(of("total", 50)), ms(p95)],
        ["  Ctrl+Enter → “Rating submitted” shown", ms(of("submit", 50)), ms(of("submit", 95))],
        ["  n (pressed at once) → next item's form interactive", ms(of("next", 50)), ms(of("next", 95))],
        [
          `Ctrl+Enter → next form interactive, n after a ${READING_PAUSE_MS} ms reading pause (pause not counted)`,
          ms(of("total", 50, paused)),
          ms(of("total", 95, paused)),
        ],
        [
          `  n (after ${READING_PAUSE_MS} ms) → next item's form interactive`,
          ms(of("next", 50, paused)),
          ms(of("next", 95, paused)),
        ],
        [
          "baseline: reload of the rating page → interactive",
          ms(of("reload", 50, rounds)),
          ms(of("reload", 95, rounds)),
        ],
        ["first-load JS of the rating page, KiB compressed (median)", of("jsKib", 50, rounds).toFixed(1), "—"],
        ["baseline: POST …/submit (browser timing)", ms(apiOf("submit", 50)), ms(apiOf("submit", 95))],
        ["baseline: POST …/next (browser timing)", ms(apiOf("next", 50)), ms(apiOf("next", 95))],
      ],
    },
  ],
  targets: [
    {
      name: "rating page, Ctrl+Enter → next item's form interactive (n at once), p95",
      target: "≤ 250 ms",
      measured: `${ms(p95)} ms`,
      met: p95 <= 250,
    },
  ],
  notes: [
    "Interactive: another assignment is shown, its form hydrated, the keyboard in the form (a field focused by the page) and its submit button enabled, read on the first frame it holds. The rater's pause between “Rating submitted” and n is not counted.",
  ],
});
process.exit(0);
