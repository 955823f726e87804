// Hybrid review in a real browser: an SME opens a judge prefill, changes two
// fields and submits; the hybrid record derives from the judge record, which
// is unchanged, and its diff names exactly those two fields. A double click
// stores one record; a queue is cleared with the keyboard; an admin runs the
// judge (the scripted judge of scripts/fake-judge.ts) from the browser.
import AxeBuilder from "@axe-core/playwright";
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { judgeRecordFor, importPrefills } from "./support/seed-prefills";
import { seedSuite } from "./support/seed-suite";
import { e2eUsers, storageStateOf } from "./support/users";

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
});
test.afterAll(async () => admin.dispose());

async function suiteWithPrefills(baseURL: string, count: number) {
  const suite = await seedSuite(admin, baseURL, { raterIds: [e2eUsers().sme.userId], count });
  const records = suite.taskIds.map((taskId) => judgeRecordFor(taskId, suite.suiteKey));
  await importPrefills(admin, baseURL, suite.suiteId, records);
  return { suite, records };
}

async function startReviewing(page: Page, suiteKey: string): Promise<void> {
  await page.goto("/review");
  const start = page
    .getByTestId(`review-suite-${suiteKey}`)
    .getByRole("button", { name: /Start reviewing|Review the next prefill/ });
  await start.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/review\/[0-9a-f-]{36}$/);
  await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => violation.id);
}

async function hybridRecordsOf(judgeEvalId: string): Promise<string[]> {
  const response = await admin.get(`/api/records/${judgeEvalId}/provenance`);
  expect(response.status()).toBe(200);
  return ((await response.json()).descendants as { eval_id: string; depth: number }[])
    .filter((link) => link.depth === 1)
    .map((link) => link.eval_id);
}

test.describe("as an SME", () => {
  test.use({ storageState: storageStateOf("sme") });

  test(
    "open a prefill → change two fields → submit: a hybrid record derived from the unchanged judge record, with a two-field diff",
    { tag: "@every-setup" },
    async ({ page, baseURL }) => {
      const { suite, records } = await suiteWithPrefills(baseURL!, 1);
      const judge = records[0]!;
      await startReviewing(page, suite.suiteKey);
      await expect(page).toHaveURL(new RegExp(`/review/${judge.eval_id}$`));

      // Every judge-filled field is marked, with the judge's rationale beside the Likert.
      const helpfulnessMark = page.locator('[data-testid="judge-mark"][data-path="/universal/helpfulness"]');
      await expect(helpfulnessMark).toContainText("score 4.33");
      await expect(helpfulnessMark).toContainText("[1/3] Direct answer.");
      // The judge's mean 4.33 lies between 4 and 5: both segments are marked, none chosen.
      await expect(page.locator('label[for="root_universal_helpfulness_score-4"]')).toHaveAttribute(
        "data-near",
        "true",
      );
      await expect(page.locator('label[for="root_universal_helpfulness_score-5"]')).toHaveAttribute(
        "data-near",
        "true",
      );
      await expect(page.locator('[data-testid="judge-mark"][data-state="changed"]')).toHaveCount(0);
      expect(await page.getByTestId("judge-mark").count()).toBeGreaterThanOrEqual(8);
      await expect(page.getByRole("button", { name: "Confirm all (Ctrl+Enter)" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      // The judge's rationale is beside the field, not in the SME's own text.
      await expect(page.locator("#root_universal_helpfulness_rationale")).toHaveValue("");
      await page.locator('label[for="root_universal_helpfulness_score-2"]').click();
      // A score of 2 needs a rationale: the SME takes the judge's, which is then theirs (accepted).
      await helpfulnessMark.getByRole("button", { name: /Use the judge's rationale/ }).click();
      await expect(page.locator("#root_universal_helpfulness_rationale")).toHaveValue(/\[1\/3\] Direct answer\./);
      await page.locator("#root_freeform_notes").fill("Checked against the reference.");
      await page.locator("#root_freeform_notes").blur();
      await expect(page.getByTestId("changed-fields")).toHaveText("2 fields changed from the judge.");
      await expect(helpfulnessMark).toHaveAttribute("data-state", "changed");
      await page.getByRole("button", { name: "Submit review (Ctrl+Enter)" }).click();
      await expect(page.getByTestId("submitted")).toBeVisible();

      const [hybridId] = await hybridRecordsOf(judge.eval_id as string);
      expect(hybridId).toBeTruthy();
      const hybrid = await (await admin.get(`/api/records/${hybridId}`)).json();
      expect(hybrid.rater).toEqual({ type: "hybrid", id: e2eUsers().sme.userId });
      expect(hybrid.derived_from).toBe(judge.eval_id);
      expect(hybrid.universal.helpfulness.score).toBe(2);
      expect(hybrid.universal.helpfulness.rationale).toMatch(/^\[1\/3\] Direct answer\./);
      // Rationales the SME did not take are not in their record.
      expect(hybrid.universal.instruction_following.rationale).toBeUndefined();
      expect(await (await admin.get(`/api/records/${judge.eval_id}`)).json()).toEqual(judge);

      await page.goto(`/records/${hybridId}`);
      const diff = page.getByTestId("decision-diff");
      await expect(diff.locator("tbody tr")).toHaveCount(2);
      await expect(diff.locator("tbody tr").nth(0)).toHaveAttribute("data-path", "/freeform/notes");
      await expect(diff.locator("tbody tr").nth(1)).toHaveAttribute("data-path", "/universal/helpfulness/score");
      await expect(diff.locator("tbody tr").nth(1)).toContainText("4.33");
      expect(await seriousViolations(page)).toEqual([]);
      // The chain links both ways.
      await page.locator(`[data-testid="chain-link"][data-eval-id="${judge.eval_id}"] a`).click();
      await expect(page).toHaveURL(new RegExp(`/records/${judge.eval_id}$`));
      await expect(page.locator(`[data-testid="chain-link"][data-eval-id="${hybridId}"] a`)).toBeVisible();
    },
  );

  test("a double click on Confirm all stores one record", async ({ page, baseURL }) => {
    const { suite, records } = await suiteWithPrefills(baseURL!, 1);
    await startReviewing(page, suite.suiteKey);
    await page.getByRole("button", { name: "Confirm all (Ctrl+Enter)" }).dblclick();
    await expect(page.getByTestId("submitted")).toBeVisible();
    await expect.poll(() => hybridRecordsOf(records[0]!.eval_id as string).then((ids) => ids.length)).toBe(1);
    await page.waitForTimeout(500);
    expect(await hybridRecordsOf(records[0]!.eval_id as string)).toHaveLength(1);
  });

  test("an SME clears a queue of prefills with the keyboard alone", async ({ page, baseURL }) => {
    const { suite, records } = await suiteWithPrefills(baseURL!, 3);
    await startReviewing(page, suite.suiteKey);
    for (let index = 0; index < records.length; index += 1) {
      await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
      await page.keyboard.press("Control+Enter");
      await expect(page.getByTestId("submitted")).toBeVisible();
      await page.keyboard.press("n");
      if (index < records.length - 1) await expect(page).toHaveURL(/\/review\/[0-9a-f-]{36}$/);
    }
    await expect(page).toHaveURL(/\/review\?finished=/);
    for (const record of records) expect(await hybridRecordsOf(record.eval_id as string)).toHaveLength(1);
  });
});

test.describe("as an admin", () => {
  test.use({ storageState: storageStateOf("admin") });

  test(
    "run the judge over a suite from the browser, watch it finish, and the SME queue fills",
    { tag: "@every-setup" },
    async ({ page, baseURL }) => {
      const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().sme.userId], count: 3 });
      await page.goto(`/admin/suites/${suite.suiteId}/review`);
      await page.getByLabel("Samples per item").fill("3");
      await page.getByRole("button", { name: "Run the judge over this suite" }).click();
      const run = page.getByTestId("judge-run").first();
      await expect(run).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
      await expect(run).toContainText("3 stored, 0 failed, 0 cancelled of 3");
      await page.reload();
      await expect(page.getByText("3 prefills waiting for an SME")).toBeVisible();
      await run.getByRole("link").click();
      await expect(page.getByRole("heading", { level: 1 })).toContainText("completed");
    },
  );

  test("import another judge's output (MT-Bench) as prefills with a chosen scale; unusable lines are listed", async ({
    page,
    baseURL,
  }, testInfo) => {
    const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().sme.userId], count: 2 });
    const line = (questionId: string, score: number, judgment: string) =>
      JSON.stringify({
        question_id: questionId,
        model: "E2E Model",
        judge: ["gpt-4", "single-v1"],
        judgment,
        score,
        turn: 1,
      });
    const file = [
      line(suite.taskIds[0]!, 9, "Clear and correct. Rating: [[9]]"),
      line(suite.taskIds[1]!, -1, "$ERROR$"),
    ].join("\n");
    await page.goto(`/admin/suites/${suite.suiteId}/review`);
    await page.getByLabel("Format").selectOption("mt_bench");
    await page.getByLabel("Score mapping").selectOption("pairs");
    await page
      .getByLabel("File")
      .setInputFiles({ name: "judgments.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(file) });
    await page.getByLabel("Store the valid records even if some are refused").check();
    await page.getByRole("button", { name: "Import prefills" }).click();
    await expect(page.getByTestId("prefill-result")).toContainText("Stored 1 prefill(s)");
    await expect(page.getByText("$ERROR$", { exact: false }).first()).toBeVisible();

    // WildBench names its judge only in its folder: refused without the admin's judge model, stored with it.
    const wildbench = Buffer.from(
      JSON.stringify([{ session_id: suite.taskIds[1], model_test: "E2E Model", score: "8", parsed_result: {} }]),
    );
    const uploadWildbench = async () => {
      await page.getByLabel("Format").selectOption("wildbench");
      await page
        .getByLabel("File")
        .setInputFiles({ name: "my-model.json", mimeType: "application/json", buffer: wildbench });
      await page.getByRole("button", { name: "Import prefills" }).click();
    };
    await uploadWildbench();
    await expect(page.getByTestId("prefill-errors")).toContainText("judgeModel");
    await page.getByLabel("Judge model").fill("gpt-4o-2024-05-13");
    await page.getByLabel("Judge version").fill("score.v2");
    await uploadWildbench();
    await expect(page.getByTestId("prefill-result")).toContainText("Stored 1 prefill(s)");
    const listed = await admin.get(
      `/api/records?task_id=${encodeURIComponent(suite.taskIds[1]!)}&rater_type=llm_judge`,
    );
    expect(listed.status()).toBe(200);
    const [stored] = (await listed.json()).records as { eval_id: string }[];
    const record = await (await admin.get(`/api/records/${stored!.eval_id}`)).json();
    expect(record.rater).toMatchObject({ model: "gpt-4o-2024-05-13", version: "score.v2; wildbench; scale pairs" });
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`prefill-judge-import-${width}.png`), fullPage: true });
    }
  });
});
