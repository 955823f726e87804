// A running suite gets more items from an import page (issue 35 §4): "Add
// these items to a suite" adds them with k slots each, the suite page counts
// them, and "Create a suite from these items" opens the form with the import
// ticked.
import { randomUUID } from "node:crypto";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { chatItem, importItems, seedSuite } from "./support/seed-suite";
import { e2eUsers, storageStateOf } from "./support/users";

test.use({ storageState: storageStateOf("admin") });

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
});
test.afterAll(async () => admin.dispose());

test("an import's items are added to a running suite from the import page, with its k and once", async ({
  page,
  baseURL,
}) => {
  const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().otherRater.userId], count: 2 });
  // The suite runs: a rater holds one of its items.
  const rater = await request.newContext({ baseURL, storageState: storageStateOf("otherRater") });
  expect((await rater.post(`/api/suites/${suite.suiteId}/next`, { headers: { origin: baseURL! } })).status()).toBe(200);
  await rater.dispose();
  const tag = randomUUID().slice(0, 8);
  const importId = await importItems(admin, baseURL!, [
    chatItem(`more-${tag}-1`, "First added answer"),
    chatItem(`more-${tag}-2`, "Second added answer"),
    chatItem(`more-${tag}-3`, "Third added answer"),
  ]);

  await page.goto(`/admin/imports/${importId}`);
  const form = page.getByTestId("add-to-suite");
  await form.getByLabel("Suite").selectOption(suite.suiteId);
  await form.getByRole("button", { name: "Add the items" }).click();
  await expect(page.getByTestId("add-to-suite-result")).toHaveText(new RegExp(`^3 items added to .*${suite.suiteKey}`));
  // Again: nothing twice.
  await form.getByRole("button", { name: "Add the items" }).click();
  await expect(page.getByTestId("add-to-suite-result")).toHaveText(/^0 items added to .*; 3 already in it\.$/);

  await page.getByTestId("add-to-suite-result").getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/admin/suites/${suite.suiteId}$`));
  await expect(page.getByText("0 of 5 items have k ratings")).toBeVisible();
  const progress = await (await admin.get(`/api/suites/${suite.suiteId}/item-progress`)).json();
  const added = progress.items.filter((item: { task_id: string }) => item.task_id.startsWith(`more-${tag}`));
  expect(added.map((item: { ratings: number; overlap_k: number }) => [item.ratings, item.overlap_k])).toEqual([
    [0, 1],
    [0, 1],
    [0, 1],
  ]);

  await page.goto(`/admin/imports/${importId}`);
  await page.getByRole("link", { name: "Create a suite from these items" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/suites\\?import=${importId}#new-suite$`));
  await expect(page.locator(`#new-suite input[type=checkbox][value="${importId}"]`)).toBeChecked();
  // Only that import is ticked.
  await expect(page.locator("#new-suite input[name=importIds]:checked")).toHaveCount(1);
});
