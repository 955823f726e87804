// The records browser among 100,000 records: an admin finds one record by a
// word of its rationale using only the keyboard, and opens it beside the item
// it rated, the rater shown by name.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import pg from "pg";
import { seedRecords } from "@/lib/records/seed-records";
import { chatItem, importItems } from "./support/seed-suite";
import { e2eUsers, storageStateOf } from "./support/users";

test.use({ storageState: storageStateOf("admin") });

/** Presses Tab until the focused element matches, as a keyboard user would; fails after `limit` presses. */
async function tabTo(page: Page, matches: (element: Element) => boolean, limit = 150): Promise<void> {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(`(${matches.toString()})(document.activeElement)`)) return;
  }
  throw new Error(`nothing matching was reached with ${limit} presses of Tab`);
}

test("an admin finds a record by a word of its rationale among 100,000 and opens it with its item", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const users = e2eUsers();
  const prefix = `e2e-browse-${randomBytes(4).toString("hex")}`;
  const word = `quixotic${randomBytes(3).toString("hex")}`;
  const taskId = `${prefix}-target`;
  await importItems(request, baseURL!, [chatItem(taskId, `The answer of ${prefix}.`)]);

  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  try {
    for (let done = 0; done < 100_000; done += 25_000)
      await seedRecords(pool, {
        count: 25_000,
        suiteKey: `${prefix}-bulk`,
        raterIds: [users.rater.userId, users.otherRater.userId],
        newest: new Date(Date.now() - 60_000 - done * 1000),
      });
    // The one record with the word: the rater's, on the imported item.
    await seedRecords(pool, {
      count: 1,
      suiteKey: "e2e",
      raterIds: [users.rater.userId],
      taskId,
      words: [word],
      newest: new Date(Date.now() - 3_600_000),
    });
    const { rows } = await pool.query<{ n: string }>("SELECT count(*) AS n FROM eval_record");
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(100_001);
  } finally {
    await pool.end();
  }

  await page.goto("/records");
  await expect(page.getByRole("heading", { name: "All records" })).toBeVisible();
  await tabTo(page, (element) => element.id === "filter-q");
  await page.keyboard.type(word);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  const rows = page.locator("table.records-table tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(users.rater.name);
  await expect(rows.first()).toContainText(taskId);

  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.screenshot({ path: ".reports/records-browser-1440.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: ".reports/records-browser-390.png", fullPage: true });
  await page.setViewportSize({ width: 1440, height: 1000 });

  // The same query answers as JSON.
  const api = await request.get(`/api/records?q=${word}`);
  expect(api.status()).toBe(200);
  const listed = (await api.json()) as { records: { task_id: string; rater_name: string }[] };
  expect(listed.records.map((record) => [record.task_id, record.rater_name])).toEqual([[taskId, users.rater.name]]);

  await tabTo(
    page,
    (element) => element.tagName === "A" && (element.getAttribute("href") ?? "").startsWith("/records/"),
  );
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/records\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("record-rater")).toContainText(users.rater.name);
  const item = page.getByRole("region", { name: "The item rated" });
  await expect(item).toContainText(`The answer of ${prefix}.`);
  await expect(page.getByTestId("readable-record")).toContainText(`The answer was ${word} for record 0`);
  await expect(page.getByTestId("readable-record")).toContainText("Helpfulness");
  await page.screenshot({ path: ".reports/record-page-1440.png", fullPage: true });
  // The JSON is one click away.
  await page.getByText("JSON (as stored and exported)").click();
  await expect(page.getByTestId("record-json")).toBeVisible();
});

test.describe("a correction", () => {
  test.use({ storageState: storageStateOf("rater") });

  test("opens beside the item, with the task and system fixed", async ({ page, playwright, baseURL }) => {
    const users = e2eUsers();
    const prefix = `e2e-fix-${randomBytes(4).toString("hex")}`;
    const taskId = `${prefix}-item`;
    const admin = await playwright.request.newContext({ baseURL, storageState: storageStateOf("admin") });
    await importItems(admin, baseURL!, [chatItem(taskId, `The answer of ${prefix}.`)]);
    await admin.dispose();
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    try {
      await seedRecords(pool, { count: 1, suiteKey: "e2e", raterIds: [users.rater.userId], taskId });
      const { rows } = await pool.query<{ eval_id: string }>(
        "SELECT eval_id::text FROM eval_record WHERE task_id = $1",
        [taskId],
      );
      await page.goto(`/records/${rows[0]!.eval_id}`);
    } finally {
      await pool.end();
    }
    await page.getByRole("link", { name: "Correct this record" }).click();
    await expect(page.getByRole("heading", { name: "Correct a record" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Item to rate" })).toContainText(`The answer of ${prefix}.`);
    await expect(page.getByTestId("fixed-context")).toContainText(taskId);
    await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
    // Task and subject are not fields of the form.
    await expect(page.locator("#root_task_task_id")).toHaveCount(0);
    await expect(page.locator("#root_subject_system_under_test")).toHaveCount(0);
  });
});
