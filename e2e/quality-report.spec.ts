// Gold calibration in the browser: a rater sees how their scores compare with
// a gold item's expected ones right after submitting; the admin sees a rater
// drifting on the suite page and in the quality report.
import { UNIVERSAL_DIMENSIONS } from "./support/contract-facts";
import AxeBuilder from "@axe-core/playwright";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { chatItem, seedSuite } from "./support/seed-suite";
import { e2eUsers, storageStateOf } from "./support/users";

const DIMENSIONS = [...UNIVERSAL_DIMENSIONS];

let admin: APIRequestContext;
let rater: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
  rater = await request.newContext({ baseURL, storageState: storageStateOf("otherRater") });
});
test.afterAll(async () => Promise.all([admin.dispose(), rater.dispose()]));

function goldItem(taskId: string): Record<string, unknown> {
  const item = chatItem(taskId, `Answer of ${taskId}`);
  return {
    ...item,
    task: { ...(item.task as object), gold_item_id: `gold-${taskId}`, calibration_target: { helpfulness: 4 } },
  };
}

test.use({ storageState: storageStateOf("otherRater") });

test("a rater gets calibration feedback on a gold item, and the admin sees the drift", async ({
  page,
  baseURL,
  browser,
}) => {
  // Four API submits, a rating in the browser and the admin's quality report: on a loaded 2-core machine
  // the report alone can take most of a minute (a fresh-clone run timed out at 60 s after the rater's part passed).
  test.slow();
  const prefix = `gold-${Date.now()}`;
  const suite = await seedSuite(admin, baseURL!, {
    raterIds: [e2eUsers().otherRater.userId],
    items: Array.from({ length: 5 }, (_, index) => goldItem(`${prefix}-${index}`)),
    goldShare: 1,
  });
  // Four gold ratings through the API, each 3 below the expected helpfulness.
  for (let index = 0; index < 4; index += 1) {
    const next = await rater.post(`/api/suites/${suite.suiteId}/next`, { headers: { origin: baseURL! } });
    const { assignment_id: assignmentId } = await next.json();
    expect(assignmentId).toBeTruthy();
    const universal = Object.fromEntries(
      DIMENSIONS.map((dimension) => [
        dimension,
        { score: dimension === "helpfulness" ? 1 : 5, confidence: "high", rationale: "r" },
      ]),
    );
    const submitted = await rater.post(`/api/assignments/${assignmentId}/submit`, {
      data: { draft: { universal } },
      headers: { origin: baseURL! },
    });
    expect(submitted.status()).toBe(201);
    expect((await submitted.json()).calibration).toEqual([
      { dimension: "universal.helpfulness", expected: 4, given: 1, error: -3 },
    ]);
  }
  // The fifth in the browser.
  await page.goto("/queue");
  await page
    .getByTestId(`queue-suite-${suite.suiteKey}`)
    .getByRole("button", { name: /Rate the next item|Start rating/ })
    .click();
  await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
  for (const dimension of DIMENSIONS) {
    await page.locator(`label[for="root_universal_${dimension}_score-5"]`).click();
    await page.locator(`label[for="root_universal_${dimension}_confidence-high"]`).click();
  }
  await page.getByRole("button", { name: /Submit rating/ }).click();
  const feedback = page.getByTestId("calibration-feedback");
  await expect(feedback).toContainText("helpfulness: you gave 5, expected 4 — 1 higher");

  const adminPage = await (await browser.newContext({ storageState: storageStateOf("admin") })).newPage();
  await adminPage.goto(`${baseURL}/admin/suites`);
  await expect(
    adminPage.getByTestId("suite-drift-warning").filter({ hasText: e2eUsers().otherRater.name }),
  ).toHaveCount(1);
  await adminPage.goto(`${baseURL}/admin/suites/${suite.suiteId}`);
  await expect(adminPage.getByTestId("drift-warning")).toContainText("Helpfulness");
  await adminPage.goto(`${baseURL}/admin/suites/${suite.suiteId}/report`);
  await expect(adminPage.locator('[data-testid="calibration"] tr[data-drifting="true"]')).toHaveCount(1);
  await expect(adminPage.locator('[data-testid="calibration"] tr[data-drifting="true"]')).toContainText("2.60");
  // The pictures: drift lines for the drifting dimension, distributions per dimension, each with its data as CSV.
  await expect(
    adminPage
      .locator('[data-testid="drift-chart"][data-dimension="universal.helpfulness"] svg.recharts-surface')
      .first(),
  ).toBeVisible();
  await expect(adminPage.locator('[data-testid="drift-chart"]')).toContainText(e2eUsers().otherRater.name);
  await expect(adminPage.getByTestId("score-distribution")).toHaveCount(5);
  const download = adminPage.waitForEvent("download");
  await adminPage
    .locator('[data-testid="score-distribution"][data-dimension="universal.helpfulness"]')
    .getByRole("button", { name: "CSV" })
    .click();
  const csv = await (
    await download
  )
    .path()
    .then((file) => import("node:fs").then((fs) => fs.readFileSync(file!, "utf8")));
  // Counts and each side's shares: the chart compares shares, the CSV keeps both.
  const [header, one, two] = csv.split("\r\n");
  expect(header).toBe(`"score","human","judge","human_share","judge_share"`);
  expect(one).toMatch(/^"1","4","0","\d+(\.\d)?","0"$/);
  expect(two).toBe(`"2","0","0","0","0"`);
  await expect(adminPage.getByTestId("judge-verdict")).toHaveAttribute("data-overall", "unknown");
  const violations = (await new AxeBuilder({ page: adminPage }).analyze()).violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  expect(violations.map((violation) => violation.id)).toEqual([]);
  // The drift warning leads to the drifting rater's gold items (each rated by them alone here).
  await adminPage.getByTestId("drift-warning").getByRole("link", { name: "Helpfulness" }).click();
  await adminPage.waitForURL(/\/report\/items\?.*gold=true/);
  await expect(adminPage.getByRole("heading", { level: 1 })).toContainText("gold items");
  await expect(adminPage.getByText("5 items behind this figure")).toBeVisible();
  await adminPage.context().close();
});
