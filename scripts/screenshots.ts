// README screenshots of the item viewer, taken from the production build in
// headless Chromium on a fresh, migrated database of their own:
//   public/screenshot-rating.png  the rating page at 1440 px (markdown table and code beside the form)
//   public/screenshot-trace.png   an agent run as a trace (paired steps, status badges, a failure open)
//   public/screenshot-phone.png   the rating page at 390 px (Menu, item above the form)
//   public/screenshot-form.png    the form column after a submit with a score of 2 and no rationale (the error on its field)
// The items are the browser tests' own (e2e/support/viewer-items.ts), so what
// the pictures show is what those tests check.
// Run: npm run build && npm run screenshots   (overwrites the three files; look at them before committing)
import { randomBytes } from "node:crypto";
import { chromium, type APIRequestContext, type Browser } from "@playwright/test";
import { requireDatabaseUrl } from "@/lib/env";
import { createTestUser } from "@/lib/testing/test-users";
import { testPort } from "@/lib/testing/test-ports";
import { startBenchServer } from "@/bench/support/app-server";
import { agentItem, markdownItem } from "@/e2e/support/viewer-items";

const PORT = testPort(3240);
const OUT = "public";

async function signedIn(browser: Browser, url: string, user: { email: string; password: string }) {
  const context = await browser.newContext();
  const response = await context.request.post(`${url}/api/auth/sign-in/email`, {
    data: { email: user.email, password: user.password },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function ok(
  response: Awaited<ReturnType<APIRequestContext["post"]>>,
  what: string,
): Promise<{ id: string; assignment_id: string }> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as { id: string; assignment_id: string };
}

/** A suite of one item for the rater, and the rater's assignment on it. */
async function assignmentFor(
  admin: APIRequestContext,
  rater: APIRequestContext,
  url: string,
  raterId: string,
  item: Record<string, unknown>,
) {
  const key = `shots-${randomBytes(3).toString("hex")}`;
  const headers = { origin: url };
  const created = await ok(
    await admin.post(`${url}/api/imports`, { data: { format: "items", file_name: `${key}.jsonl` }, headers }),
    "import",
  );
  await ok(
    await admin.put(`${url}/api/imports/${created.id}/file`, {
      data: JSON.stringify(item),
      headers: { ...headers, "content-type": "application/x-ndjson" },
    }),
    "import file",
  );
  const suite = await ok(
    await admin.post(`${url}/api/suites`, {
      data: {
        name: "Support answers, November",
        key,
        overlap_k: 1,
        gold_share: 0,
        hold_minutes: 60,
        rater_ids: [raterId],
        import_ids: [created.id],
      },
      headers,
    }),
    "suite",
  );
  const next = await ok(await rater.post(`${url}/api/suites/${suite.id}/next`, { headers }), "next item");
  return next.assignment_id;
}

const admin = await createTestUser(["admin"], { label: "shots" });
const rater = await createTestUser(["rater"], { label: "shots" });
const server = await startBenchServer({ port: PORT, databaseUrl: requireDatabaseUrl() });
try {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const adminApi = await browser.newContext({ storageState: await signedIn(browser, server.url, admin) });
  const raterState = await signedIn(browser, server.url, rater);
  const raterApi = await browser.newContext({ storageState: raterState });
  const markdown = await assignmentFor(
    adminApi.request,
    raterApi.request,
    server.url,
    rater.userId,
    markdownItem("support-1042"),
  );
  const agent = await assignmentFor(
    adminApi.request,
    raterApi.request,
    server.url,
    rater.userId,
    agentItem("travel-77"),
  );

  const shoot = async (options: {
    path: string;
    width: number;
    height: number;
    file: string;
    element?: string;
    prepare?: (page: import("@playwright/test").Page) => Promise<void>;
  }) => {
    const context = await browser.newContext({
      storageState: raterState,
      viewport: { width: options.width, height: options.height },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    await page.goto(`${server.url}${options.path}`);
    await page.locator(".aif-form[data-hydrated=true]").waitFor();
    await options.prepare?.(page);
    if (options.element) await page.locator(options.element).screenshot({ path: `${OUT}/${options.file}` });
    else await page.screenshot({ path: `${OUT}/${options.file}` });
    await context.close();
    console.log(`wrote ${OUT}/${options.file}`);
  };
  await shoot({ path: `/rate/${markdown}`, width: 1440, height: 900, file: "screenshot-rating.png" });
  await shoot({
    path: `/rate/${agent}`,
    width: 1440,
    height: 900,
    file: "screenshot-trace.png",
    prepare: async (page) => {
      // The run's fourth step failed (open by itself); bring the trace's controls to the top of the item column.
      await page.locator("[data-trace]").evaluate((trace) => {
        const column = trace.closest(".rating-item")!;
        column.scrollTop = trace.getBoundingClientRect().top - column.getBoundingClientRect().top + column.scrollTop;
      });
    },
  });
  await shoot({ path: `/rate/${markdown}`, width: 390, height: 844, file: "screenshot-phone.png" });
  await shoot({
    path: `/rate/${markdown}`,
    width: 1440,
    height: 1100,
    file: "screenshot-form.png",
    element: ".rating-form",
    prepare: async (page) => {
      // Helpfulness 4 with High confidence (Shift+4), instruction following 2 at the default Medium, then a submit:
      // the rationale the rules require is marked on its field.
      await page.keyboard.press("Shift+4");
      await page.keyboard.press("2");
      await page.keyboard.press("Control+Enter");
      await page.locator(".rating-form").evaluate((column) => {
        column.scrollTop = 0;
      });
    },
  });
  await Promise.all([adminApi.close(), raterApi.close()]);
  await browser.close();
} finally {
  await server.stop();
}
