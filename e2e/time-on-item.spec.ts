// Time on item (issue 38): the rating page counts the time it is visible,
// focused and in use, sends it with its saves and the submit, and the export's
// work-time sidecar carries it, bounded by the wall time from claim to submit.
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { keyCounter, rateAllHighNoHazard } from "./support/keyboard-rating";
import { startRating } from "./support/rating-page";
import { seedSuite } from "./support/seed-suite";
import { e2eUsers, storageStateOf } from "./support/users";

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
});
test.afterAll(async () => admin.dispose());

test.use({ storageState: storageStateOf("otherRater") });

test("a rater's active time on an item reaches the export's work-time sidecar, never more than the wall time", async ({
  page,
  baseURL,
}) => {
  const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().otherRater.userId], count: 1 });
  await startRating(page, suite.suiteKey);
  // Reading the item for about four seconds, moving the mouse now and then (in use, visible, focused).
  for (let second = 0; second < 4; second += 1) {
    await page.mouse.move(200 + second * 10, 300);
    await page.waitForTimeout(1_000);
  }
  await rateAllHighNoHazard(keyCounter(page));
  await expect(page.getByTestId("submitted")).toBeVisible();

  const started = await admin.post("/api/exports", {
    data: { format: "jsonl", suite_id: suite.suiteKey },
    headers: { origin: baseURL! },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { export_id: exportId, file } = await started.json();
  const [record] = (await (await admin.get(file)).text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { eval_id: string });
  expect(JSON.stringify(record)).not.toContain("active");
  const lines = (await (await admin.get(`/api/exports/${exportId}/work-times`)).text())
    .trim()
    .split("\n")
    .map(
      (line) =>
        JSON.parse(line) as { eval_id: string; work_kind: string; wall_seconds: number; active_seconds: number },
    );
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ eval_id: record!.eval_id, work_kind: "assignment" });
  expect(lines[0]!.active_seconds).toBeGreaterThanOrEqual(3);
  expect(lines[0]!.active_seconds).toBeLessThanOrEqual(lines[0]!.wall_seconds + 5);

  // The admin's raters page: the rater's row in this suite, timed, their name linking to their records.
  const users = e2eUsers();
  for (const width of [1440, 390]) {
    const adminPage = await (
      await page
        .context()
        .browser()!
        .newContext({ storageState: storageStateOf("admin"), viewport: { width, height: 900 } })
    ).newPage();
    await adminPage.goto(`/admin/raters?suite=${suite.suiteId}`);
    const table = adminPage.getByRole("table", { name: /Work in/ });
    const row = table.getByRole("row").filter({ hasText: users.otherRater.name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Ratings");
    await expect(row).toContainText("1 timed");
    await expect(row.getByRole("link", { name: users.otherRater.name })).toHaveAttribute(
      "href",
      `/records?rater_id=${users.otherRater.userId}&suite_id=${suite.suiteKey}`,
    );
    await expect(adminPage.getByRole("table", { name: "Reliability models per rater" })).toContainText(
      users.otherRater.name,
    );
    await adminPage.screenshot({ path: test.info().outputPath(`raters-${width}.png`), fullPage: true });
    await adminPage.context().close();
  }
  // The rater's own page: their work, no one else's name.
  await page.goto("/my-work");
  const mine = page.getByRole("table", { name: "What I did" });
  await expect(mine.getByRole("row").filter({ hasText: "Ratings" })).toHaveCount(1);
  await expect(page.locator("main")).not.toContainText(users.admin.name);
  await expect(page.locator("main")).not.toContainText(users.rater.name);
  await page.screenshot({ path: test.info().outputPath("my-work-1440.png"), fullPage: true });
});
