// The pairwise leaderboard page: a suite of two systems built through the API,
// pairs rated through the API, and the admin reading the figures as tables,
// then of one slice chosen by keyboard (checked with axe, and looked at on a
// laptop and a phone), and an empty slice's empty state.
import { UNIVERSAL_DIMENSIONS } from "./support/contract-facts";
import AxeBuilder from "@axe-core/playwright";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { chatItem, importItems } from "./support/seed-suite";
import { e2eUsers, storageStateOf } from "./support/users";

let admin: APIRequestContext;
let rater: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
  rater = await request.newContext({ baseURL, storageState: storageStateOf("otherRater") });
});
test.afterAll(async () => Promise.all([admin.dispose(), rater.dispose()]));

test.use({ storageState: storageStateOf("admin") });

const universal = Object.fromEntries(
  [...UNIVERSAL_DIMENSIONS].map((dimension) => [dimension, { score: 4, confidence: "high" }]),
);

test("the admin reads a pairwise suite's leaderboard as tables", async ({ page, baseURL }) => {
  const prefix = `pw-${Date.now()}`;
  const taskIds = Array.from({ length: 4 }, (_, index) => `${prefix}-${index}`);
  const system = (name: string) =>
    taskIds.map((taskId, index) => ({
      ...chatItem(taskId, `${name} answers ${taskId}`),
      subject: { system_under_test: name, modality_tags: ["chat"] },
      tags: { level: index < 1 ? "easy" : "hard" },
    }));
  const importIds = [
    await importItems(admin, baseURL!, system(`Baseline ${prefix}`)),
    await importItems(admin, baseURL!, system(`Challenger ${prefix}`)),
  ];
  const created = await admin.post("/api/pairwise/suites", {
    data: {
      name: `Pairwise ${prefix}`,
      key: prefix,
      design: "baseline",
      baseline_system: `Baseline ${prefix}`,
      overlap_k: 1,
      import_ids: importIds,
      rater_ids: [e2eUsers().otherRater.userId],
    },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);
  const suiteId = (await created.json()).id as string;
  for (let index = 0; index < taskIds.length; index += 1) {
    const next = await rater.post(`/api/pairwise/suites/${suiteId}/next`, { headers: { origin: baseURL! } });
    const { assignment_id: assignmentId } = await next.json();
    const submitted = await rater.post(`/api/pairwise/assignments/${assignmentId}/submit`, {
      data: {
        preference: index === 0 ? "equivalent" : "better",
        rationale: "Clearer.",
        responses: [{ universal }, { universal }],
      },
      headers: { origin: baseURL! },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
  }

  await page.goto("/admin/pairwise");
  await page.getByRole("link", { name: `Pairwise ${prefix}`, exact: true }).click();
  await expect(page.getByRole("heading", { name: `Leaderboard · Pairwise ${prefix}` })).toBeVisible();
  const winRates = page.getByTestId("win-rates");
  await expect(winRates.getByRole("row", { name: new RegExp(`Challenger ${prefix}`) })).toContainText("4");
  await expect(page.getByTestId("bradley-terry").getByRole("row")).toHaveCount(3);
  await expect(page.getByTestId("position-bias")).toContainText("human");
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: "test-results/pairwise-leaderboard-1440.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/pairwise-leaderboard-390.png", fullPage: true });

  // A slice chosen with the keyboard alone: the hard tasks (three of the four pairs).
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByLabel("Modality").focus();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Item tag")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByLabel("Item tag")).toHaveValue("level=hard");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Show this slice" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/tag=level%3Dhard/);
  await expect(page.getByTestId("leaderboard-count")).toContainText("3 judgments in the slice tag level=hard");
  await expect(winRates.getByRole("row", { name: new RegExp(`Challenger ${prefix}`) })).toContainText("3");
  // The JSON download is the API's answer for the same slice.
  const json = page.getByRole("link", { name: "Download as JSON" });
  await expect(json).toHaveAttribute("href", `/api/pairwise/suites/${suiteId}/leaderboard?tag=level%3Dhard`);
  const sliced = await (await admin.get((await json.getAttribute("href"))!)).json();
  expect(sliced).toMatchObject({ slice: { modality: null, tag: "level=hard" }, judgments: 3 });
  // The rater choice keeps the slice.
  await expect(page.getByRole("link", { name: "Humans only" })).toHaveAttribute("href", /raters=humans/);
  await expect(page.getByRole("link", { name: "Humans only" })).toHaveAttribute("href", /tag=level%3Dhard/);
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
  await page.screenshot({ path: "test-results/pairwise-leaderboard-slice-1440.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: "test-results/pairwise-leaderboard-slice-390.png", fullPage: true });

  // A slice with no pairs (shared as a URL) answers an empty state, not an error.
  await page.goto(`/admin/pairwise/${suiteId}?modality=agent`);
  await expect(page.getByRole("heading", { name: "No judgments in this slice" })).toBeVisible();
  await expect(page.getByLabel("Modality")).toHaveValue("agent");
  await page.getByRole("link", { name: "Whole suite", exact: true }).click();
  await expect(page.getByTestId("leaderboard-count")).toContainText("4 judgments of 4 pairs");
});

test("the admin runs the LLM judge on a suite's pairs and reads its position bias, flip rate and charts", async ({
  page,
  baseURL,
}) => {
  const prefix = `pj-${Date.now()}`;
  const taskIds = Array.from({ length: 5 }, (_, index) => `${prefix}-${index}`);
  const system = (name: string) =>
    taskIds.map((taskId) => ({
      ...chatItem(taskId, `${name} answers ${taskId}`),
      subject: { system_under_test: name, modality_tags: ["chat"] },
    }));
  const importIds = [];
  for (const name of ["Alpha", "Beta", "Gamma"])
    importIds.push(await importItems(admin, baseURL!, system(`${name} ${prefix}`)));
  const created = await admin.post("/api/pairwise/suites", {
    data: { name: `Judged ${prefix}`, key: prefix, design: "all_pairs", overlap_k: 1, import_ids: importIds },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);
  const suiteId = (await created.json()).id as string;

  await page.goto(`/admin/pairwise/${suiteId}`);
  // The scripted judge of the browser tests (scripts/fake-judge.ts) always prefers the response shown first.
  await page.getByRole("button", { name: "Run the judge over every pair" }).click();
  const run = page.getByTestId("pairwise-judge-run").first();
  await expect(run).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
  await expect(run.getByTestId("pairwise-judge-run-consistency")).toContainText("Flip rate 100.0% (15 of 15 pairs)");
  await expect(run.getByTestId("pairwise-judge-run-consistency")).toContainText("position bias 100.0%");
  // The page refreshes when the run completes: the leaderboard shows the judge's order consistency.
  await expect(page.getByTestId("judge-consistency")).toContainText("15 of 15 pairs", { timeout: 10_000 });
  await expect(page.getByTestId("position-bias").getByRole("row", { name: /llm_judge/ })).toContainText("100.0%");
  for (const chart of ["bradley-terry-chart", "win-matrix-chart", "position-bias-chart", "preference-agreement-chart"])
    await expect(page.getByTestId(chart)).toBeVisible();

  // A chart's data downloads as CSV with the numbers the API answers.
  const download = page.waitForEvent("download");
  await page.getByTestId("position-bias-chart").getByRole("button", { name: "CSV" }).click();
  const csv = await (await (await download).createReadStream()).toArray();
  expect(Buffer.concat(csv).toString("utf8")).toContain('"llm_judge","30","30","0","0","1"');
  const api = await admin.get(`/api/pairwise/suites/${suiteId}/leaderboard`);
  expect((await api.json()).judge_consistency).toMatchObject({ pairs: 15, flips: 15, flip_rate: 1 });

  // Loaded afresh, the page lists the finished run.
  await page.reload();
  await expect(page.getByTestId("pairwise-judge-run").first()).toContainText("completed");
  // The rater choice: the judge's verdicts alone (all ties after the swap) leave every rating at 1000.
  await page.getByRole("link", { name: "LLM judge only" }).click();
  await expect(page).toHaveURL(/raters=judge/);
  await expect(page.getByTestId("bradley-terry")).toContainText("1000");

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: "test-results/pairwise-judge-1440.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // Nothing is wider than the phone: wide tables scroll inside their own box.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.querySelectorAll("body *")]
          .filter(
            (element) =>
              !element.closest(".table-scroll") && element.getBoundingClientRect().right > window.innerWidth + 1,
          )
          .slice(0, 3)
          .map(
            (element) => `${element.tagName}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`,
          ),
      ),
    )
    .toEqual([]);
  await page.screenshot({ path: "test-results/pairwise-judge-390.png", fullPage: true });
});
