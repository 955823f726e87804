// "Next item" asked for while "Rating submitted" shows (components/rating/
// upcoming-item.ts): n opens the item already held without asking the server
// again, and when that early request failed, n asks again and the error
// reaches the rater as before.
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

test("the next item is asked for once while “Rating submitted” shows, and n opens it", async ({ page, baseURL }) => {
  const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().otherRater.userId], count: 2 });
  await startRating(page, suite.suiteKey);
  const first = new URL(page.url()).pathname;
  const requests = nextRequests(page);
  await rateAllHighNoHazard(keyCounter(page));
  await expect(page.getByTestId("submitted")).toBeVisible();
  await expect.poll(requests.count).toBe(1);

  await page.keyboard.press("n");
  await expect(page).not.toHaveURL(new RegExp(`${first}$`));
  await expect(page).toHaveURL(/\/rate\//);
  await formReady(page);
  await expect(page.locator(".aif-form button[type=submit]")).toBeEnabled();
  expect(requests.count()).toBe(1);
});

test("when the early request fails, n asks again and shows the server's error", async ({ page, baseURL }) => {
  const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().otherRater.userId], count: 2 });
  await startRating(page, suite.suiteKey);
  const requests = nextRequests(page);
  // Every "next" answers 503 from here on: the early one and the one n sends.
  await page.route("**/api/suites/*/next", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: JSON.stringify({ error: { code: "UNAVAILABLE", message: "The queue is unavailable; try again." } }),
    }),
  );
  await rateAllHighNoHazard(keyCounter(page));
  await expect(page.getByTestId("submitted")).toBeVisible();
  await expect.poll(requests.count).toBe(1);

  await page.keyboard.press("n");
  await expect(page.getByTestId("submitted").getByRole("alert")).toContainText("The queue is unavailable; try again.");
  expect(requests.count()).toBe(2);
  await expect(page.getByTestId("submitted")).toBeVisible();
});
