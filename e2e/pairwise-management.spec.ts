// A pairwise suite managed by its admin and rated verdict-only, in the
// browser. The admin's page: k refused below what a pair has (the issue on
// its field), a rater taken off the list, guidelines, pause and archive, each
// seen as the raters and the lists see it; fits at 1440 and 390 px with no
// serious axe violation. The rater: a verdict-only pair rated by following
// the pair page's `?` dialog key by key, typed without waiting on a CPU slowed
// 4× (the verdict, its reason, one optional score, the guidelines key), the
// two stored records equal to the intended values field by field.
import { randomBytes } from "node:crypto";
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import pg from "pg";
import { seriousViolations } from "./support/axe";
import { chatItem, importItems } from "./support/seed-suite";
import { readShortcutsDialog, type ShortcutRow } from "./support/shortcuts-dialog";
import { e2eUsers, storageStateOf, type E2eRole } from "./support/users";

const contexts: Partial<Record<E2eRole, APIRequestContext>> = {};
const api = (role: E2eRole) => contexts[role]!;
test.beforeAll(async ({ baseURL }) => {
  for (const role of ["admin", "rater", "otherRater"] as const)
    contexts[role] = await request.newContext({ baseURL, storageState: storageStateOf(role) });
});
test.afterAll(async () => {
  for (const context of Object.values(contexts)) await context?.dispose();
});

const GUIDELINES = "Prefer the **correct** answer.\n\n- A longer answer is not a better one";

async function seedVerdictOnlySuite(baseURL: string, options: { k: number; raters: E2eRole[]; guidelines?: string }) {
  const prefix = `e2e-pm-${randomBytes(4).toString("hex")}`;
  const taskIds = [0, 1].map((index) => `${prefix}-${index}`);
  const importIds: string[] = [];
  for (const [index, system] of [`North-${prefix}`, `South-${prefix}`].entries())
    importIds.push(
      await importItems(
        api("admin"),
        baseURL,
        taskIds.map((taskId) => ({
          ...chatItem(taskId, `${index === 0 ? "First" : "Second"} answer to ${taskId}`),
          subject: { system_under_test: system, modality_tags: ["chat"] },
        })),
      ),
    );
  const headers = { origin: baseURL };
  const created = await api("admin").post("/api/pairwise/suites", {
    data: {
      name: `Managed ${prefix}`,
      key: prefix,
      design: "all_pairs",
      overlap_k: options.k,
      import_ids: importIds,
      rater_ids: options.raters.map((role) => e2eUsers()[role].userId),
      verdict_only: true,
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const suiteId = (await created.json()).id as string;
  if (options.guidelines) {
    const patched = await api("admin").patch(`/api/pairwise/suites/${suiteId}`, {
      data: { guidelines: options.guidelines },
      headers,
    });
    expect(patched.status(), await patched.text()).toBe(200);
  }
  return { suiteId, prefix };
}

async function fitsAndPassesAxe(page: Page, name: string) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("the admin", () => {
  test.use({ storageState: storageStateOf("admin") });

  test("manages a pairwise suite on its page: k, raters, guidelines, pause and archive, as raters and lists see them", async ({
    page,
    baseURL,
  }) => {
    const { suiteId, prefix } = await seedVerdictOnlySuite(baseURL!, { k: 2, raters: ["rater", "otherRater"] });
    const headers = { origin: baseURL! };
    // Both raters judge the first pair (verdict and reason only): it has 2 judgments.
    for (const role of ["rater", "otherRater"] as const) {
      const next = await api(role).post(`/api/pairwise/suites/${suiteId}/next`, { headers });
      const submitted = await api(role).post(`/api/pairwise/assignments/${(await next.json()).assignment_id}/submit`, {
        data: { preference: "better", rationale: "Clearer.", responses: [{}, {}] },
        headers,
      });
      expect(submitted.status(), await submitted.text()).toBe(201);
    }

    await page.goto(`/admin/pairwise/${suiteId}/settings`);
    await expect(page.getByTestId("suite-facts")).toContainText("verdict and reason only");
    await expect(page.getByTestId("rater-progress")).toContainText(e2eUsers().otherRater.email);
    await fitsAndPassesAxe(page, "pairwise-management");

    const form = page.getByRole("form", { name: "Settings" });
    const k = form.getByLabel(/Distinct raters per pair/);
    await k.fill("1");
    await form.getByRole("button", { name: "Save settings" }).click();
    await expect(form.locator("#pairwise-settings-k__error")).toHaveText(
      "k cannot go below 2: 1 pair has more than 1 judgment stored already",
    );
    await k.fill("2");
    await form.getByRole("checkbox", { name: new RegExp(e2eUsers().otherRater.email) }).uncheck();
    await form.getByRole("button", { name: "Save settings" }).click();
    await expect(form.getByRole("status")).toContainText("Saved.");
    await expect
      .poll(async () => (await (await api("admin").get(`/api/pairwise/suites/${suiteId}`)).json()).rater_ids)
      .toEqual([e2eUsers().rater.userId]);
    expect((await api("otherRater").post(`/api/pairwise/suites/${suiteId}/next`, { headers })).status()).toBe(404);

    await page.getByLabel("Guidelines for raters").fill(GUIDELINES);
    await page.getByRole("button", { name: "Save guidelines" }).click();
    await expect(page.getByText("Guidelines saved")).toBeVisible();

    await page.getByRole("button", { name: "Pause: hand out no pairs" }).click();
    await expect(page.getByTestId("suite-paused")).toBeVisible();
    const paused = await api("rater").post(`/api/pairwise/suites/${suiteId}/next`, { headers });
    expect([paused.status(), (await paused.json()).error.message]).toEqual([409, expect.stringMatching(/paused/)]);
    await page.getByRole("button", { name: /^Archive/ }).click();
    await expect(page.getByTestId("suite-archived")).toBeVisible();

    await page.goto("/admin/pairwise");
    await expect(page.getByRole("link", { name: `Managed ${prefix}`, exact: true })).toHaveCount(0);
    await page.getByRole("link", { name: "Show archived suites too" }).click();
    await expect(page.getByRole("row", { name: new RegExp(prefix) })).toContainText("Archived");
    const audit = await api("admin").get(`/api/audit?subject=${suiteId}`);
    const actions = ((await audit.json()).events as { action: string }[]).map((event) => event.action);
    expect(actions).toEqual(
      expect.arrayContaining(["pairwise_suite.updated", "pairwise_suite.paused", "pairwise_suite.archived"]),
    );
  });
});

/** Keys sent as fast as the browser takes them; each names the dialog row it follows. */
function follower(page: Page, rows: ShortcutRow[]) {
  const used = new Set<string>();
  return {
    press: async (keys: string, ...presses: string[]) => {
      if (!rows.some((row) => row.keys === keys))
        throw new Error(`the ? dialog lists no "${keys}" (it lists: ${rows.map((row) => row.keys).join(" | ")})`);
      used.add(keys);
      for (const key of presses) await page.keyboard.press(key);
    },
    type: (text: string) => page.keyboard.type(text),
    unfollowed: () => rows.map((row) => row.keys).filter((keys) => !used.has(keys)),
  };
}

test.describe("a rater", () => {
  test.use({ storageState: storageStateOf("rater") });

  test("rates a verdict-only pair by following the ? dialog key by key, typed without waiting on a CPU slowed 4×", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const { suiteId } = await seedVerdictOnlySuite(baseURL!, { k: 1, raters: ["rater"], guidelines: GUIDELINES });
    const next = await page.request.post(`/api/pairwise/suites/${suiteId}/next`, { headers: { origin: baseURL! } });
    expect(next.status(), await next.text()).toBe(200);
    const assignmentId = (await next.json()).assignment_id as string;
    await page.goto(`/rate/pair/${assignmentId}`);
    await expect(page.locator(".aif-form[data-hydrated='true']")).toHaveCount(2);
    await expect(page.getByTestId("pair-rubric-optional")).not.toHaveAttribute("open");
    await fitsAndPassesAxe(page, "pairwise-verdict-only");
    // The rubric's dimensions in the form's order, as the page shows them (read from the contract there).
    const dimensions = await page
      .locator("[data-testid^='cell-1-']")
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-testid")!.slice("cell-1-".length)));
    expect(dimensions.length).toBeGreaterThan(1);
    const rows = await readShortcutsDialog(page);
    expect(rows.find((row) => row.keys === "Tab")!.description).toMatch(/optional scores/);
    const keys = follower(page, rows);

    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.reload({ waitUntil: "commit" });
    await page.waitForFunction(() => "__evalformKeys" in window && document.body !== null, undefined, { polling: 10 });
    // From here on nothing waits for the page.
    await keys.press("?", "?", "?");
    await keys.press("s", "s", "Escape"); // the skip dialog opens; Esc closes it
    await keys.press("g", "g"); // the guidelines open
    await keys.press("1 – 5 or a / b / =", "b");
    // The reason, with letters that are shortcuts elsewhere (g, s, a, b, =).
    const reason = "Response 1 gets the refund window right; Response 2 hedges = worse.";
    await keys.type(reason);
    await keys.press("Esc", "Escape"); // back to the verdict
    await keys.press("1 – 5 or a / b / =", "a"); // changed: Response 1 better, and on to the reason again
    await keys.press("Tab", "Tab", "Enter", "Tab"); // to the optional scores, open them, into the first cell
    await keys.press("1 – 5 (in the rubric)", "4"); // a 4 at Medium confidence wants a rationale: the focus goes there
    await keys.type("Clear and short.");
    await keys.press("Esc", "Escape"); // back to the cell's score
    await keys.press("h / m / l (in the rubric)", "h");
    await keys.press("Shift+1 – 5 (in the rubric)", "Shift+Digit5"); // 5 at High, on to the next cell
    await keys.press("Ctrl/⌘+Enter", "Control+Enter");
    expect(keys.unfollowed()).toEqual([]);
    await expect(page.getByTestId("pair-submitted")).toContainText("Rating submitted.", { timeout: 120_000 });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    // The guidelines, rendered as item text is (markdown, not its source).
    await expect(page.getByTestId("guidelines-text").locator("strong")).toHaveText("correct");

    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    try {
      const { rows: stored } = await pool.query<{ shown_position: string; body: Record<string, unknown> }>(
        `SELECT j.shown_position, r.body FROM pairwise_judgment j JOIN eval_record r ON r.eval_id = j.eval_id
         WHERE j.assignment_id = $1 ORDER BY j.shown_position`,
        [assignmentId],
      );
      expect(stored.map((row) => row.shown_position)).toEqual(["left", "right"]);
      const [left, right] = stored.map((row) => row.body as Record<string, Record<string, unknown>>);
      const notRated = {
        score: 3,
        confidence: "low",
        anchors_used: "evalform:not_rated",
        rationale: expect.stringMatching(/^Not rated: /),
      };
      // The first dimension in the form's order was scored; every other is marked not rated, in both records.
      const [scored, ...others] = dimensions;
      const unscored = Object.fromEntries(others.map((dimension) => [dimension, notRated]));
      expect(left!.universal).toEqual({
        vs_reference: "better",
        [scored!]: { score: 5, confidence: "high", rationale: "Clear and short." },
        ...unscored,
      });
      expect(right!.universal).toEqual({ vs_reference: "worse", [scored!]: notRated, ...unscored });
      for (const body of [left!, right!]) {
        expect(body.freeform).toEqual({ notes: reason });
        expect(body.rater).toMatchObject({ type: "human", id: e2eUsers().rater.userId });
      }
    } finally {
      await pool.end();
    }
  });
});
