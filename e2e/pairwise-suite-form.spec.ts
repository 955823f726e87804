// The admin builds a pairwise suite in the browser: two systems' imports, a
// baseline chosen among their systems, a refusal that lands on its field, and
// the suite page naming the task that only one system answered.
import AxeBuilder from "@axe-core/playwright";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { chatItem, importItems } from "./support/seed-suite";
import { storageStateOf } from "./support/users";

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
});
test.afterAll(async () => admin.dispose());

test.use({ storageState: storageStateOf("admin") });

test("the admin builds a pairwise suite against a baseline from two imports", async ({ page, baseURL }) => {
  const prefix = `pwform-${Date.now()}`;
  const answers = (system: string, taskIds: string[]) =>
    taskIds.map((taskId) => ({
      ...chatItem(taskId, `${system} answers ${taskId}`),
      subject: { system_under_test: system, modality_tags: ["chat"] },
    }));
  const shared = [0, 1, 2].map((index) => `${prefix}-${index}`);
  const baseline = `Baseline ${prefix}`;
  const challenger = `Challenger ${prefix}`;
  await importItems(admin, baseURL!, answers(baseline, shared));
  await importItems(admin, baseURL!, answers(challenger, [...shared, `${prefix}-only-challenger`]));

  await page.goto("/admin/pairwise");
  const form = page.getByRole("form", { name: "New pairwise suite" });
  await form.getByLabel("Name").fill(`Pairwise form ${prefix}`);
  await form.getByLabel("Suite id").fill(prefix);
  // One import alone holds one system: the server's refusal lands on the imports.
  await form.getByRole("checkbox", { name: new RegExp(baseline) }).check();
  await form.getByRole("radio", { name: /All pairs/ }).check();
  await form.getByRole("button", { name: "Create pairwise suite" }).click();
  await expect(form.locator("#importIds__error")).toContainText("one system only");

  await form.getByRole("checkbox", { name: new RegExp(challenger) }).check();
  await form.getByRole("radio", { name: /Against a baseline/ }).check();
  const baselineChoice = form.getByLabel("Baseline system");
  await expect(baselineChoice.locator("option")).toHaveText(["Choose the baseline", baseline, challenger]);
  await baselineChoice.selectOption(baseline);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/pairwise-suite-form-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await form.getByRole("button", { name: "Create pairwise suite" }).click();

  await expect(page).toHaveURL(/\/admin\/pairwise\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: `Leaderboard · Pairwise form ${prefix}` })).toBeVisible();
  await expect(page.getByTestId("unmatched-tasks")).toContainText(
    `${prefix}-only-challenger: no response from ${baseline}`,
  );
  const listed = await admin.get("/api/pairwise/suites");
  const { suites } = (await listed.json()) as { suites: { key: string; pairs: number; baseline_system: string }[] };
  const suite = suites.find((row) => row.key === prefix);
  expect(suite).toMatchObject({ pairs: 3, baseline_system: baseline });
});
