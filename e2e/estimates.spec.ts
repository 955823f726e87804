// Certified estimates in the browser: humans rate some of a suite's items, the
// judge all of them; the admin's quality report shows judge-only (biased),
// human-only and corrected estimates with intervals, and with a target width
// typed in, how many more human ratings the corrected interval needs.
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { importPrefills, judgeRecordFor } from "./support/seed-prefills";
import { seedSuite } from "./support/seed-suite";
import { e2eUsers, storageStateOf } from "./support/users";

const DIMENSIONS = ["helpfulness", "instruction_following", "faithfulness", "safety_overall", "overall_quality"];

let admin: APIRequestContext;
let rater: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
  rater = await request.newContext({ baseURL, storageState: storageStateOf("otherRater") });
});
test.afterAll(async () => Promise.all([admin.dispose(), rater.dispose()]));

test.use({ storageState: storageStateOf("admin") });

test("the quality report shows judge-only, human-only and corrected estimates, and the human ratings still needed", async ({
  page,
  baseURL,
}) => {
  test.slow();
  const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().otherRater.userId], count: 10 });
  const scoreOf = (taskId: string) => 1 + (suite.taskIds.indexOf(taskId) % 5);
  // Six items rated by a human (through the API), then the judge on all ten: a judge one point high.
  for (let index = 0; index < 6; index += 1) {
    const next = await rater.post(`/api/suites/${suite.suiteId}/next`, { headers: { origin: baseURL! } });
    const { assignment_id: assignmentId } = await next.json();
    expect(assignmentId).toBeTruthy();
    const assignment = await (await rater.get(`/api/assignments/${assignmentId}`)).json();
    const score = scoreOf(assignment.item.task.task_id);
    const universal = Object.fromEntries(
      DIMENSIONS.map((dimension) => [dimension, { score, confidence: "high", rationale: "r" }]),
    );
    const submitted = await rater.post(`/api/assignments/${assignmentId}/submit`, {
      data: { draft: { universal } },
      headers: { origin: baseURL! },
    });
    expect(submitted.status()).toBe(201);
  }
  await importPrefills(
    admin,
    baseURL!,
    suite.suiteId,
    suite.taskIds.map((taskId) => {
      const record = judgeRecordFor(taskId, suite.suiteKey);
      const score = Math.min(5, scoreOf(taskId) + 1);
      return {
        ...record,
        universal: Object.fromEntries(
          DIMENSIONS.map((dimension) => [dimension, { score, confidence: "high", rationale: "judge" }]),
        ),
      };
    }),
  );

  await page.goto(`/admin/suites/${suite.suiteId}/report`);
  const section = page.getByRole("region", { name: "Estimates: judge only, human only, corrected" });
  await expect(section).toBeVisible();
  const row = section.getByRole("row", { name: /universal\.helpfulness/ });
  // Three estimates, each with its interval, and λ.
  await expect(row.getByRole("cell").nth(0)).toHaveText(/^\d\.\d\d \[\d\.\d\d, \d\.\d\d\]$/);
  await expect(row.getByRole("cell").nth(1)).toHaveText(/^\d\.\d\d \[-?\d\.\d\d, \d\.\d\d\]$/);
  await expect(row.getByRole("cell").nth(2)).toHaveText(/^\d\.\d\d \[-?\d\.\d\d, \d\.\d\d\]$/);
  await expect(row.getByRole("img")).toHaveAttribute(
    "aria-label",
    /judge only \(biased\) .*; human only .*; corrected /,
  );
  await expect(section.getByRole("columnheader", { name: "Toward the target" })).toHaveCount(0);

  // The target typed and sent with the keyboard alone.
  await section.getByLabel("Target interval width").focus();
  await page.keyboard.type("3");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/target_width=3/);
  const targetRow = page
    .getByRole("region", { name: "Estimates: judge only, human only, corrected" })
    .getByRole("row", { name: /universal\.helpfulness/ });
  await expect(targetRow).toContainText(/\d+ more human ratings needed|target met/);

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`estimates-${width}.png`), fullPage: false });
  }
});
