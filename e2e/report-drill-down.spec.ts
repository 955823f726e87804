// From a figure of the quality report to the items behind it and to one item's
// ratings side by side: two clicks from the lowest α to the worst item, and a
// rater signed in at the same time sees none of it.
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { DISPUTE_RATERS, seedDisputedSuite } from "./support/disputed-suite";
import { e2eUsers, storageStateOf } from "./support/users";

const ROLES = DISPUTE_RATERS;

const contexts = {} as Record<"admin" | (typeof ROLES)[number], APIRequestContext>;
test.beforeAll(async ({ baseURL }) => {
  for (const role of ["admin", ...ROLES] as const)
    contexts[role] = await request.newContext({ baseURL, storageState: storageStateOf(role) });
});
test.afterAll(async () => Promise.all(Object.values(contexts).map((context) => context.dispose())));

test.use({ storageState: storageStateOf("admin") });

test("from the lowest α, two clicks reach the worst item's ratings side by side; a rater sees none of it", async ({
  page,
  baseURL,
  browser,
}) => {
  const users = e2eUsers();
  const prefix = `drill-${Date.now()}`;
  // Helpfulness by item and rater: item a 1, 4, 2 (spread 3); item b 3, 3, 4. The first rater finds a violent crime in item a.
  const { suite } = await seedDisputedSuite(contexts, baseURL!, {
    prefix,
    helpfulness: { a: [1, 4, 2], b: [3, 3, 4] },
  });

  await page.goto(`/admin/suites/${suite.suiteId}/report`);
  // The lowest α of the Likert table is a link to its items.
  const cells = page.getByTestId("likert-agreement").locator("td a");
  const texts = await cells.allTextContents();
  const values = texts.map((text) => Number(text)).filter((value) => Number.isFinite(value));
  expect(values.length).toBeGreaterThan(0);
  const lowest = texts.findIndex((text) => Number(text) === Math.min(...values));
  await cells.nth(lowest).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Helpfulness");
  const rows = page.getByTestId("drill-down").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(`${prefix}-a`);
  await expect(rows.first().locator("td").nth(1)).toHaveText("3");
  await rows
    .first()
    .getByRole("link", { name: `${prefix}-a` })
    .click();

  // Item a, its three ratings side by side: the differing fields are marked in words.
  const table = page.getByTestId("ratings-comparison");
  await expect(table.locator("thead th[data-eval-id]")).toHaveCount(3);
  for (const role of ROLES) await expect(table.locator("thead")).toContainText(users[role].name);
  await expect(table.locator('tr[data-pointer="/universal/helpfulness/score"]')).toContainText("differs");
  await expect(table.locator('tr[data-pointer="/universal/faithfulness/score"]')).not.toContainText("differs");
  await expect(table.locator('tr[data-pointer="/safety/violent_crimes/verdict"]')).toContainText("violating");
  await expect(page.getByText("Answer A").first()).toBeVisible();
  const itemUrl = page.url();
  // At 1440 and 390 px: nothing scrolls sideways (the comparison table scrolls inside its own box).
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`item-ratings-${width}.png`), fullPage: true });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `nothing scrolls sideways at ${width} px`,
    ).toBe(true);
  }
  await page.goBack();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: test.info().outputPath(`drill-down-${width}.png`), fullPage: true });
  }

  // A rater, signed in at the same time, cannot open the item or the list, by page (403, naming the role) or by API.
  const raterContext = await browser.newContext({ storageState: storageStateOf("otherRater") });
  const raterPage = await raterContext.newPage();
  const refused = await raterPage.goto(itemUrl);
  expect(refused?.status()).toBe(403);
  await expect(raterPage.getByTestId("forbidden")).toContainText("admin");
  await expect(raterPage.getByText("Answer A")).toHaveCount(0);
  const itemId = new URL(itemUrl).pathname.split("/").pop();
  expect((await contexts.otherRater.get(`/api/suites/${suite.suiteId}/items/${itemId}`)).status()).toBe(403);
  expect(
    (
      await contexts.otherRater.get(
        `/api/suites/${suite.suiteId}/report/items?field=universal.helpfulness&pairing=human_human`,
      )
    ).status(),
  ).toBe(403);
  await raterContext.close();

  // The same list as JSON, and a bad pairing named.
  const json = await (
    await contexts.admin.get(
      `/api/suites/${suite.suiteId}/report/items?field=universal.helpfulness&pairing=human_human`,
    )
  ).json();
  expect(
    json.items.map((item: { task_id: string; disagreement: number }) => [item.task_id, item.disagreement]),
  ).toEqual([
    [`${prefix}-a`, 3],
    [`${prefix}-b`, 1],
  ]);
  const bad = await contexts.admin.get(
    `/api/suites/${suite.suiteId}/report/items?field=universal.helpfulness&pairing=everyone`,
  );
  expect(bad.status()).toBe(422);
  expect((await bad.json()).errors[0]).toMatchObject({ path: "/pairing", rule: "enum" });
});
