// A running suite changed from its page in a real browser: a rater added gets
// items at once; a paused suite tells its raters so, and gives items again
// when resumed (after the admin releases a hold from the items table).
import { expect, request, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { startRating } from "./support/rating-page";
import { seedSuite } from "./support/seed-suite";
import { e2eUsers, storageStateOf } from "./support/users";

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
});
test.afterAll(async () => admin.dispose());

test.use({ storageState: storageStateOf("admin") });

async function raterPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateOf("otherRater") });
  return context.newPage();
}

async function pressButton(page: Page, name: string | RegExp): Promise<void> {
  const button = page.getByRole("button", { name });
  await button.focus();
  await page.keyboard.press("Enter");
}

test("an admin adds a rater to a running suite, and the new rater gets items at once", async ({
  page,
  browser,
  baseURL,
}) => {
  const users = e2eUsers();
  const suite = await seedSuite(admin, baseURL!, { raterIds: [users.rater.userId], count: 2 });
  const rater = await raterPage(browser);
  await rater.goto("/queue");
  await expect(rater.getByTestId(`queue-suite-${suite.suiteKey}`)).toHaveCount(0);

  await page.goto(`/admin/suites/${suite.suiteId}`);
  const settings = page.getByRole("form", { name: "Settings" });
  const box = settings.getByRole("checkbox", { name: new RegExp(users.otherRater.email.replace(/[.+]/g, "\\$&")) });
  await box.focus();
  await page.keyboard.press("Space");
  await expect(box).toBeChecked();
  await pressButton(page, "Save settings");
  await expect(settings.getByRole("status")).toContainText("Saved");

  await startRating(rater, suite.suiteKey);
  await expect(rater.getByRole("region", { name: "Item to rate" })).toContainText(/Answer \d of /);
  // The admin's items table shows the new rater's hold by name.
  await page.reload();
  await expect(page.getByTestId("suite-items")).toContainText(`${users.otherRater.name} until`);
  const log = await (await admin.get(`/api/audit?action=suite.updated&subject=${suite.suiteId}`)).json();
  expect(JSON.stringify(log)).toContain(users.otherRater.userId);
  await rater.context().close();
});

test("an admin pauses a suite and its raters are told so; resumed, it gives items again", async ({
  page,
  browser,
  baseURL,
}) => {
  const users = e2eUsers();
  const suite = await seedSuite(admin, baseURL!, { raterIds: [users.otherRater.userId], count: 1 });
  const rater = await raterPage(browser);
  await startRating(rater, suite.suiteKey);
  const ratingUrl = rater.url();

  await page.goto(`/admin/suites/${suite.suiteId}`);
  await pressButton(page, /^Pause/);
  await expect(page.getByTestId("suite-paused")).toBeVisible();

  await rater.goto(ratingUrl);
  await expect(rater.getByTestId("suite-paused")).toContainText("paused");
  await rater.goto("/queue");
  await expect(rater.getByTestId(`queue-suite-paused-${suite.suiteKey}`)).toContainText("Paused by an admin");
  await expect(
    rater.getByTestId(`queue-suite-${suite.suiteKey}`).getByRole("button", { name: /Start rating|Rate the next item/ }),
  ).toHaveCount(0);

  // The admin releases the rater's hold from the items table (the only item is free again) and resumes.
  await pressButton(page, new RegExp(`^Release ${users.otherRater.name}'s hold`));
  await expect(page.getByRole("status").filter({ hasText: "released" })).toBeVisible();
  await pressButton(page, /^Resume/);
  await expect(page.getByTestId("suite-paused")).toHaveCount(0);

  await rater.goto("/queue");
  await expect(rater.getByTestId(`queue-suite-paused-${suite.suiteKey}`)).toHaveCount(0);
  await rater.goto(ratingUrl);
  await expect(rater.getByTestId("suite-paused")).toHaveCount(0);
  await rater.goto("/queue");
  // Their released hold comes back to them: the queue offers the draft, or a start.
  const entry = rater.getByTestId(`queue-suite-${suite.suiteKey}`);
  await expect(entry.getByRole("link", { name: "Continue your draft" }).or(entry.getByRole("button"))).toBeVisible();
  const next = await (
    await rater.context().request.post(`/api/suites/${suite.suiteId}/next`, { headers: { origin: baseURL! } })
  ).json();
  expect(next.assignment_id).toEqual(ratingUrl.split("/rate/")[1]);
  await rater.context().close();
});
