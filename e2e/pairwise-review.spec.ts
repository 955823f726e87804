// An SME reviews a pairwise LLM judge's verdicts in the browser, keyboard
// only: a pairwise suite of two systems judged by the scripted judge (which
// prefers whichever response is shown first, so every combined verdict is a
// tie), the SME opening it from Review, confirming the first verdict with
// Ctrl+Enter alone and correcting the second (the verdict by key, a new
// rationale). The page is blind (no system name, the judge's rationale
// included); the database afterwards holds two hybrid records per review,
// each derived from the judge's record of the same response, mirror images,
// valid against the verbatim schema; the judge's records are unchanged.
// Screenshots at 1440 and 390 px; axe finds nothing serious. The admin names
// the suite's SMEs on its management page, from the keyboard.
import { randomBytes } from "node:crypto";
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import pg from "pg";
import { seriousViolations } from "./support/axe";
import { chatItem, importItems } from "./support/seed-suite";
import { e2eUsers, storageStateOf } from "./support/users";

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
});
test.afterAll(async () => admin.dispose());

test.use({ storageState: storageStateOf("sme") });

type StoredBody = {
  rater: { type: string; id: string };
  derived_from?: string;
  subject: { system_under_test: string };
  universal: Record<string, unknown> & { vs_reference: string };
  freeform: { notes: string };
};

async function seedJudgedSuite(baseURL: string) {
  const prefix = `e2e-pr-${randomBytes(4).toString("hex")}`;
  const systems = [`Alpha-${prefix}`, `Beta-${prefix}`];
  const taskIds = [`${prefix}-0`, `${prefix}-1`];
  const headers = { origin: baseURL };
  const importIds: string[] = [];
  for (const [index, system] of systems.entries())
    importIds.push(
      await importItems(
        admin,
        baseURL,
        taskIds.map((taskId) => ({
          ...chatItem(taskId, `${index === 0 ? "First" : "Second"} answer to ${taskId}`),
          subject: { system_under_test: system, modality_tags: ["chat"] },
        })),
      ),
    );
  const created = await admin.post("/api/pairwise/suites", {
    data: { name: `Reviewed ${prefix}`, key: prefix, design: "all_pairs", overlap_k: 1, import_ids: importIds },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const suiteId = (await created.json()).id as string;
  const reviewers = await admin.put(`/api/pairwise/suites/${suiteId}/reviewers`, {
    data: { reviewer_ids: [e2eUsers().sme.userId] },
    headers,
  });
  expect(reviewers.status(), await reviewers.text()).toBe(200);
  const run = await admin.post(`/api/pairwise/suites/${suiteId}/judge-runs`, { data: {}, headers });
  expect(run.status(), await run.text()).toBe(201);
  await expect
    .poll(
      async () =>
        (await (await admin.get(`/api/pairwise/suites/${suiteId}/judge-runs`)).json()).judge_runs[0]?.progress?.stored,
      { timeout: 30_000 },
    )
    .toBe(2);
  return { suiteId, prefix, systems };
}

async function formReady(page: Page) {
  await expect(page.getByTestId("pair-form")).toBeVisible();
  await expect(page.locator(".aif-form[data-hydrated='true']")).toHaveCount(2);
}

test("an SME confirms one judge verdict with Ctrl+Enter alone and corrects another; the judge's records stay", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const seeded = await seedJudgedSuite(baseURL!);
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  try {
    const judgeRows = async () =>
      (
        await pool.query<{ eval_id: string; body: StoredBody }>(
          `SELECT j.eval_id, r.body FROM pairwise_judgment j JOIN eval_record r ON r.eval_id = j.eval_id
           WHERE j.suite_id = $1 AND j.rater_type = 'llm_judge' ORDER BY j.eval_id`,
          [seeded.suiteId],
        )
      ).rows;
    const judgeBefore = await judgeRows();
    expect(judgeBefore).toHaveLength(4);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/review");
    const entry = page.getByTestId(`pair-review-suite-${seeded.prefix}`);
    await expect(entry).toContainText("2 judge verdicts waiting");
    await entry.getByRole("button", { name: "Start reviewing comparisons" }).focus();
    await page.keyboard.press("Enter");

    // The first verdict: confirmed as the judge gave it, with one key press.
    await page.waitForURL(/\/review\/pair\/[0-9a-f-]{36}$/);
    const confirmedId = new URL(page.url()).pathname.split("/").pop()!;
    await formReady(page);
    await expect(page.locator("[data-preference] input:checked")).toHaveValue("equivalent");
    await expect(page.locator("#pair-rationale")).toHaveValue(/^Response [12] as Response A: A>B\./);
    const html = await page.content();
    for (const system of seeded.systems) expect(html).not.toContain(system);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "test-results/pairwise-review-1440.png", fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: "test-results/pairwise-review-390.png", fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    // The keyboard starts on the judge's verdict; Ctrl+Enter confirms everything as it stands.
    await expect(page.locator("[data-preference] input:checked")).toBeFocused();
    await page.keyboard.press("Control+Enter");

    // The second: corrected — Response 1 better, and the SME's own reason.
    await page.waitForURL(
      (url) => /^\/review\/pair\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(confirmedId),
    );
    const correctedId = new URL(page.url()).pathname.split("/").pop()!;
    await expect(page.getByTestId("previous-submitted")).toBeVisible();
    await formReady(page);
    await expect(page.locator("[data-preference] input:checked")).toHaveValue("equivalent");
    await page.keyboard.press("a");
    await expect(page.locator("[data-preference] input:checked")).toHaveValue("better");
    // The verdict's key moves the focus on to its reason.
    await expect(page.locator("#pair-rationale")).toBeFocused();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("Response 1 answers the question; Response 2 hedges.");
    await page.keyboard.press("Control+Enter");
    await expect(page.getByTestId("pairs-finished")).toBeVisible();

    const reviewed = async (judgeEvalId: string) => {
      const { rows } = await pool.query<{
        status: string;
        hybrid_eval_id: string;
        first_shown_left: boolean;
        first_system: string;
      }>(
        `SELECT t.status, t.hybrid_eval_id, t.first_shown_left, p.first_system FROM pairwise_review_task t
         JOIN pairwise_pair p ON p.id = t.pair_id WHERE t.judge_eval_id = $1`,
        [judgeEvalId],
      );
      const task = rows[0]!;
      expect(task.status).toBe("reviewed");
      const { rows: records } = await pool.query<{
        eval_id: string;
        shown_position: string;
        rater_type: string;
        system: string;
        body: StoredBody;
        judge_eval_id: string;
      }>(
        `SELECT j.eval_id, j.shown_position, j.rater_type, j.system, r.body,
                (SELECT jj.eval_id FROM pairwise_judgment jj JOIN pairwise_review_task t ON t.pair_id = jj.pair_id
                 WHERE t.judge_eval_id = $2 AND jj.rater_type = 'llm_judge' AND jj.system = j.system) AS judge_eval_id
         FROM pairwise_judgment j JOIN eval_record r ON r.eval_id = j.eval_id
         WHERE j.eval_id = $1 OR j.opponent_eval_id = $1 ORDER BY j.shown_position`,
        [task.hybrid_eval_id, judgeEvalId],
      );
      expect(records.map((row) => [row.shown_position, row.rater_type])).toEqual([
        ["left", "hybrid"],
        ["right", "hybrid"],
      ]);
      expect(records[0]!.eval_id).toBe(task.hybrid_eval_id);
      // Response 1 is the pair's first system exactly when the task put it left.
      expect(records[0]!.system === task.first_system).toBe(task.first_shown_left);
      for (const row of records) {
        const checked = await admin.post("/api/records/validate", { data: row.body, headers: { origin: baseURL! } });
        expect(await checked.json()).toEqual({ valid: true, errors: [] });
        expect(row.body.rater).toEqual({ type: "hybrid", id: e2eUsers().sme.userId });
        expect(row.body.derived_from).toBe(row.judge_eval_id);
        expect(row.body.subject.system_under_test).toBe(row.system);
      }
      return records.map((row) => row.body);
    };
    const confirmed = await reviewed(confirmedId);
    expect(confirmed.map((body) => body.universal.vs_reference)).toEqual(["equivalent", "equivalent"]);
    expect(confirmed[0]!.freeform.notes).toMatch(/^Response [12] as Response A: A>B\./);
    // Confirmed unchanged: each response's rubric is the judge's for it.
    for (const body of confirmed) {
      const judge = judgeBefore.find((row) => row.eval_id === body.derived_from)!.body;
      expect({ ...body.universal, vs_reference: null }).toEqual({ ...judge.universal, vs_reference: null });
    }
    const corrected = await reviewed(correctedId);
    expect(corrected.map((body) => body.universal.vs_reference)).toEqual(["better", "worse"]);
    expect(corrected[0]!.freeform.notes).toBe("Response 1 answers the question; Response 2 hedges.");
    // The judge's records are as they were.
    expect(await judgeRows()).toEqual(judgeBefore);
  } finally {
    await pool.end();
  }
});

test.describe("as an admin", () => {
  test.use({ storageState: storageStateOf("admin") });

  test("the admin chooses the pairwise suite's SMEs on its management page, from the keyboard", async ({
    page,
    baseURL,
  }) => {
    const seeded = await seedJudgedSuite(baseURL!);
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    const reviewers = async () =>
      (
        await pool.query<{ user_id: string }>(`SELECT user_id FROM pairwise_suite_reviewer WHERE suite_id = $1`, [
          seeded.suiteId,
        ])
      ).rows.map((row) => row.user_id);
    try {
      await page.goto(`/admin/pairwise/${seeded.suiteId}/settings`);
      const form = page.getByRole("form", { name: "SME review of the judge's verdicts" });
      const sme = form.getByRole("checkbox", { name: new RegExp(e2eUsers().sme.email) });
      await expect(sme).toBeChecked();
      await sme.focus();
      await page.keyboard.press("Space");
      await expect(sme).not.toBeChecked();
      await form.getByRole("button", { name: "Save SMEs" }).focus();
      await page.keyboard.press("Enter");
      await expect(form.getByRole("status")).toContainText("Saved.");
      expect(await reviewers()).toEqual([]);
      await sme.focus();
      await page.keyboard.press("Space");
      await form.getByRole("button", { name: "Save SMEs" }).focus();
      await page.keyboard.press("Enter");
      await expect.poll(reviewers).toEqual([e2eUsers().sme.userId]);
    } finally {
      await pool.end();
    }
  });
});
