// After a submit the next item is not claimed ahead (issue 35): while
// "Rating submitted" shows, no "next" request is sent and the rater holds
// nothing; n asks for the next item then, opens it, and an error of that
// request reaches the rater.
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { formReady, keyCounter, rateAllHighNoHazard } from "./support/keyboard-rating";
import { startRating } from "./support/rating-page";
import { seedSuite } from "./support/seed-suite";
import { e2eUsers, storageStateOf } from "./support/users";

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
});
test.afterAll(async () => admin.dispose());

test.use({ storageState: storageStateOf("otherRater") });

/** Counts the page's "next" requests (POST …/next). */
function nextRequests(page: Page): { count: () => number } {
  let count = 0;
  page.on("request", (sent) => {
    if (sent.method() === "POST" && /\/api\/suites\/[^/]+\/next$/.test(new URL(sent.url()).pathname)) count += 1;
  });
  return { count: () => count };
}

/** Items of the suite held by someone right now, as the admin's item progress reports them. */
async function heldItems(suiteId: string): Promise<number> {
  const response = await admin.get(`/api/suites/${suiteId}/item-progress`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { items: { holds: unknown[] }[] };
  return body.items.reduce((sum, item) => sum + item.holds.length, 0);
}

test("after a submit nothing is held until n asks for the next item, which n then opens", async ({ page, baseURL }) => {
  const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().otherRater.userId], count: 2 });
  await startRating(page, suite.suiteKey);
  const first = new URL(page.url()).pathname;
  const requests = nextRequests(page);
  await rateAllHighNoHazard(keyCounter(page));
  await expect(page.getByTestId("submitted")).toBeVisible();
  // The old panel asked for the next item within a few ms of showing; give it far longer than that.
  await page.waitForTimeout(1500);
  expect(requests.count()).toBe(0);
  expect(await heldItems(suite.suiteId)).toBe(0);

  await page.keyboard.press("n");
  await expect(page).not.toHaveURL(new RegExp(`${first}$`));
  await expect(page).toHaveURL(/\/rate\//);
  await formReady(page);
  await expect(page.locator(".aif-form button[type=submit]")).toBeEnabled();
  expect(requests.count()).toBe(1);
  expect(await heldItems(suite.suiteId)).toBe(1);
});

test("when the next request fails, n shows the server's error and the panel stays", async ({ page, baseURL }) => {
  const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().otherRater.userId], count: 2 });
  await startRating(page, suite.suiteKey);
  const requests = nextRequests(page);
  await page.route("**/api/suites/*/next", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "UNAVAILABLE", message: "The queue is unavailable; try again." } }),
    }),
  );
  await rateAllHighNoHazard(keyCounter(page));
  await expect(page.getByTestId("submitted")).toBeVisible();

  await page.keyboard.press("n");
  await expect(page.getByTestId("submitted").getByRole("alert")).toContainText("The queue is unavailable; try again.");
  expect(requests.count()).toBe(1);
  await expect(page.getByTestId("submitted")).toBeVisible();
});
