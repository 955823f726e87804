// The app on a phone (390 px): the header folds into a Menu, the rating page
// puts the item above the form, and wide item content scrolls inside its box,
// never the page.
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { startRating } from "./support/rating-page";
import { seedSuite } from "./support/seed-suite";
import { e2eUsers, storageStateOf } from "./support/users";
import { markdownItem } from "./support/viewer-items";

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
});
test.afterAll(async () => admin.dispose());

test.use({ storageState: storageStateOf("otherRater"), viewport: { width: 390, height: 844 } });

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test("the header folds into a Menu that opens, navigates, and closes with Escape", async ({ page }) => {
  await page.goto("/queue");
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeHidden();
  const menu = page.locator("summary", { hasText: "Menu" });
  await menu.click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeInViewport({ ratio: 1 });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeHidden();
  await expect(menu).toBeFocused();
  await menu.click();
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Records" }).click();
  await expect(page).toHaveURL(/\/records$/);
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
});

test("the rating page at 390 px: item above the form, wide tables and code scroll in their box", async ({
  page,
  baseURL,
}) => {
  const wideRow = `| ${Array.from({ length: 14 }, (_, column) => `column ${column}`).join(" | ")} |`;
  const wideItem = (taskId: string) => {
    const item = markdownItem(taskId) as { transcript: { messages: { content: { text: string }[] }[] } };
    item.transcript.messages[1]!.content[0]!.text += `\n\n${wideRow}\n|${" - |".repeat(14)}\n${wideRow}\n\n\`\`\`\n${"x".repeat(300)}\n\`\`\``;
    return item;
  };
  const suite = await seedSuite(admin, baseURL!, {
    raterIds: [e2eUsers().otherRater.userId],
    items: [wideItem(`phone-${Date.now()}`)],
  });
  await startRating(page, suite.suiteKey);
  // The page opens on the item: the keyboard is already on the form's first score, but the page did not scroll there.
  await expect(page.locator("fieldset#root_universal_helpfulness input:focus")).toHaveCount(1);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The five scores sit in one row, none cut off.
  const scores = await page.locator("fieldset#root_universal_helpfulness .segment").evaluateAll((segments) =>
    segments.slice(0, 5).map((segment) => {
      const box = segment.getBoundingClientRect();
      return { top: Math.round(box.top), right: box.right };
    }),
  );
  expect(new Set(scores.map((score) => score.top)).size).toBe(1);
  expect(Math.max(...scores.map((score) => score.right))).toBeLessThanOrEqual(390);
  const item = (await page.getByRole("region", { name: "Item to rate" }).boundingBox())!;
  const form = (await page.getByRole("region", { name: "Your rating" }).boundingBox())!;
  expect(item.y + item.height).toBeLessThanOrEqual(form.y + 1);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  const overflowing = await page.evaluate(
    () =>
      [...document.querySelectorAll("[data-item-root] table, [data-item-root] pre")].filter(
        (element) => element.scrollWidth > element.clientWidth,
      ).length,
  );
  expect(overflowing).toBeGreaterThanOrEqual(2);
});
