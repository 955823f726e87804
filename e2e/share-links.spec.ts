// End-user ratings through a revocable share link: no account, a random
// visitor id, each item at most once per visitor.
import { expect, request, test, type Browser, type Page } from "@playwright/test";
import { seedSuite } from "./support/seed-suite";
import { storageStateOf } from "./support/users";

const DIMENSIONS = ["helpfulness", "instruction_following", "faithfulness", "safety_overall", "overall_quality"];

async function rateAsVisitor(browser: Browser, shareUrl: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(shareUrl);
  await page.getByRole("button", { name: "Start rating" }).click();
  await expect(page).toHaveURL(/\/share\/efs_[^/]+\/rate\//);
  await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
  for (const dimension of DIMENSIONS) {
    await page.locator(`fieldset#root_universal_${dimension}`).getByRole("radio", { name: "4" }).check();
    await page.locator(`fieldset#root_universal_${dimension}`).getByRole("radio", { name: "High" }).check();
  }
  await page.keyboard.press("Control+Enter");
  await expect(page.getByTestId("submitted")).toBeVisible();
  return page;
}

test("a visitor rates through a share link as an end user, once per item; a revoked link stops working", { tag: "@every-setup" }, async ({ browser, baseURL }) => {
  const adminPage = await (await browser.newContext({ storageState: storageStateOf("admin") })).newPage();
  const admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
  const suite = await seedSuite(admin, baseURL!, { raterIds: [], count: 1, k: 2 });
  await adminPage.goto(`/admin/suites/${suite.suiteId}`);
  await adminPage.getByLabel("Who the link is for").fill("Beta testers");
  await adminPage.getByRole("button", { name: "Create share link" }).click();
  const shareUrl = (await adminPage.getByTestId("share-link").textContent())!;
  expect(shareUrl).toMatch(/\/share\/efs_/);

  const first = await rateAsVisitor(browser, shareUrl);
  // The same visitor has nothing more to rate; another visitor still gets the item (k = 2).
  await first.keyboard.press("n");
  await expect(first).toHaveURL(/\?finished=1$/);
  const second = await rateAsVisitor(browser, shareUrl);

  const records = await (await admin.get("/api/records?limit=200")).json();
  const ratings = records.records.filter((record: { suite_id: string }) => record.suite_id === suite.suiteKey);
  expect(ratings).toHaveLength(2);
  expect(ratings.map((record: { rater_type: string }) => record.rater_type)).toEqual(["end_user", "end_user"]);
  expect(new Set(ratings.map((record: { rater_id: string }) => record.rater_id)).size).toBe(2);

  await adminPage.reload();
  await adminPage.getByRole("button", { name: "Revoke" }).click();
  await expect(adminPage.locator("main")).toContainText("revoked");
  const gone = await second.goto(shareUrl);
  expect(gone?.status()).toBe(404);
  await admin.dispose();
});
