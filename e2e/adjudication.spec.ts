// Issue 19's loop in a browser: three raters disagree on an item (helpfulness
// 1, 4, 2 and conflicting hazard verdicts); it shows as needs_adjudication and
// first in the queue; the adjudicator (admin, who did not rate it) sees the
// three ratings side by side while a rater signed in at the same time cannot,
// edits the consensus, submits; the item is adjudicated, and the export
// filtered to status=adjudicated holds the authoritative record with a sidecar
// naming the three sources and a decision per field.
import { execFile } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { AifFormPage } from "./support/aif-form-page";
import { DISPUTE_RATERS, seedDisputedSuite, UNIVERSAL_DIMENSIONS } from "./support/disputed-suite";
import { e2eUsers, storageStateOf } from "./support/users";

const ROLES = DISPUTE_RATERS;

const contexts = {} as Record<"admin" | (typeof ROLES)[number], APIRequestContext>;
test.beforeAll(async ({ baseURL }) => {
  for (const role of ["admin", ...ROLES] as const)
    contexts[role] = await request.newContext({ baseURL, storageState: storageStateOf(role) });
});
test.afterAll(async () => Promise.all(Object.values(contexts).map((context) => context.dispose())));

test.use({ storageState: storageStateOf("admin") });

test("a disagreement reaches the queue first, is settled by an adjudicator, and exports with its sidecar", async ({
  page,
  baseURL,
  browser,
}) => {
  const users = e2eUsers();
  const prefix = `adj-${Date.now()}`;
  // Helpfulness: item a 1, 4, 2 (spread 3) with the first rater alone finding a violent crime; item b 3, 5, 4 (spread 2).
  const { suite, sourcesOfA: sources } = await seedDisputedSuite(contexts, baseURL!, {
    prefix,
    helpfulness: { a: [1, 4, 2], b: [3, 5, 4] },
  });
  expect(sources).toHaveLength(3);

  // "Adjudicate" in the navigation lists the suite with its two items waiting for a decision.
  await page.goto("/records");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Adjudicate", exact: true }).click();
  const listed = page.getByTestId("adjudicated-suites").locator("tbody tr", { hasText: suite.suiteKey });
  await expect(listed.locator("td").first()).toHaveText("2");

  // The suite page counts the statuses; the adjudication page lists item a as needing adjudication, first in the queue.
  await page.goto(`/admin/suites/${suite.suiteId}`);
  await expect(page.getByTestId("suite-item-statuses")).toContainText("needs adjudication 2");
  await page.getByRole("link", { name: "Adjudication queue and items by status" }).click();
  await expect(page.getByTestId(`item-status-${prefix}-a`)).toContainText("Needs adjudication");
  await expect(page.getByTestId(`item-status-${prefix}-a`)).toContainText("violent_crimes: non_violating / violating");
  await expect(page.getByTestId("adjudication-queue").locator("tbody tr").first()).toContainText(`${prefix}-a`);
  await page.getByRole("button", { name: "Adjudicate the next item" }).click();
  await page.waitForURL(/\/adjudicate\/[^/]+\/items\//);
  const itemUrl = page.url();

  // All three side by side; helpfulness has no consensus and is named for the adjudicator.
  const table = page.getByTestId("ratings-comparison");
  await expect(table.locator("thead th[data-eval-id]")).toHaveCount(3);
  for (const role of ROLES) await expect(table.locator("thead")).toContainText(users[role].name);
  await expect(page.getByTestId("undecided-fields")).toContainText("Universal rubric › Helpfulness › Score");
  await expect(page.getByTestId("undecided-fields")).not.toContainText("Faithfulness");

  // A rater signed in at the same time sees none of it, by page or by API.
  const raterContext = await browser.newContext({ storageState: storageStateOf("otherRater") });
  const raterPage = await raterContext.newPage();
  expect((await raterPage.goto(itemUrl))?.status()).toBe(403);
  await expect(raterPage.getByText("Answer A")).toHaveCount(0);
  const itemId = new URL(itemUrl).pathname.split("/").pop();
  expect((await contexts.otherRater.get(`/api/suites/${suite.suiteId}/items/${itemId}`)).status()).toBe(403);
  expect((await contexts.otherRater.get(`/api/suites/${suite.suiteId}/adjudications`)).status()).toBe(403);
  await raterContext.close();

  // The form starts from the consensus (faithfulness 5 for all three, the majority's non-violating verdict); the adjudicator settles helpfulness at 2.
  const form = new AifFormPage(page);
  await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
  // Shown as the consensus prefill, not as a restored draft (nothing was saved yet).
  await expect(page.getByTestId("consensus-prefill")).toBeVisible();
  await expect(page.getByTestId("save-status")).not.toHaveAttribute("data-state", "restored");
  await expect(page.locator("#root_universal_faithfulness_score-5")).toBeChecked();
  for (const score of [1, 2, 3, 4, 5])
    await expect(page.locator(`#root_universal_helpfulness_score-${score}`)).not.toBeChecked();
  await form.score("universal_helpfulness", 2);
  await expect(page.locator("#root_universal_helpfulness_score-2")).toBeChecked();
  for (const dimension of UNIVERSAL_DIMENSIONS) {
    await form.confidence(`universal_${dimension}`, "High");
    await form.typeInto(`universal_${dimension}_rationale`, `decided ${dimension}`);
  }
  // The third rater's record is the closest (helpfulness 2).
  await page.getByTestId("closest-choice").getByRole("radio", { name: users.sme.name }).check();
  await expect(page.getByTestId("closest-choice")).toContainText("Saved.");
  await page.getByRole("button", { name: "Submit adjudicated rating (Ctrl+Enter)" }).click();
  await expect(page.getByTestId("submitted")).toBeVisible();
  const shownEvalId = await page.getByTestId("submitted-eval-id").textContent();

  // The item is adjudicated.
  const adjudicated = await (await contexts.admin.get(`/api/suites/${suite.suiteId}/items?status=adjudicated`)).json();
  expect(adjudicated.items.map((item: { task_id: string }) => item.task_id)).toEqual([`${prefix}-a`]);
  const decision = adjudicated.items[0].latest_decision as string;
  expect(decision).toBe(shownEvalId);
  await page.goto(`/adjudicate/${suite.suiteId}`);
  await expect(page.getByTestId(`item-status-${prefix}-a`)).toContainText("Adjudicated");
  // The suite page counts the decision beside the ratings.
  await page.goto(`/admin/suites/${suite.suiteId}`);
  await expect(page.getByTestId("suite-review-counts")).toHaveText("SME reviews 0 · adjudications 1");

  // The export filtered to status=adjudicated holds the authoritative record (and its sources); the sidecar names the three sources per field.
  const started = await contexts.admin.post("/api/exports", {
    data: { format: "jsonl", suite_id: suite.suiteKey, status: "adjudicated" },
    headers: { origin: baseURL! },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { export_id: exportId, file } = await started.json();
  const records = (await (await contexts.admin.get(file)).text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  expect(records.map((record) => record.eval_id).sort()).toEqual([...sources, decision].sort());
  const authoritative = records.find((record) => record.eval_id === decision);
  expect(authoritative.rater).toEqual({ type: "sme", id: users.admin.userId });
  expect(authoritative.derived_from).toBe(sources[2]);
  expect(authoritative.universal.helpfulness.score).toBe(2);
  const sidecar = (await (await contexts.admin.get(`/api/exports/${exportId}/adjudications`)).text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  expect(sidecar).toHaveLength(1);
  expect(sidecar[0].eval_id).toBe(decision);
  expect([...sidecar[0].source_eval_ids].sort()).toEqual([...sources].sort());
  expect(sidecar[0].fields).toContainEqual({
    pointer: "/universal/helpfulness/score",
    decision: "kept",
    from: [sources[2]],
  });
  expect(sidecar[0].fields).toContainEqual({
    pointer: "/universal/faithfulness/score",
    decision: "kept",
    from: sources,
  });
  expect(sidecar[0].fields).toContainEqual({ pointer: "/universal/helpfulness/rationale", decision: "edited" });

  // The CLI: the same filtered export, with the adjudication sidecar written beside it.
  const created = await contexts.admin.post("/api/tokens", {
    data: { name: `adjudication-e2e-${Date.now()}`, roles: ["admin"] },
    headers: { origin: baseURL! },
  });
  expect(created.status(), await created.text()).toBe(201);
  const dir = await mkdtemp(path.join(os.tmpdir(), "evalform-adjudication-"));
  const [out, sidecarFile] = [path.join(dir, "records.jsonl"), path.join(dir, "adjudications.jsonl")];
  await promisify(execFile)(
    process.execPath,
    [
      "bin/evalform.mjs",
      "export",
      "--suite_id",
      suite.suiteKey,
      "--status",
      "adjudicated",
      "-o",
      out,
      "--adjudications",
      sidecarFile,
    ],
    {
      env: { ...process.env, EVALFORM_URL: baseURL!, EVALFORM_TOKEN: (await created.json()).token },
    },
  );
  expect((await readFile(out, "utf8")).trim().split("\n")).toHaveLength(4);
  expect(JSON.parse((await readFile(sidecarFile, "utf8")).trim())).toMatchObject({
    eval_id: decision,
    closest_eval_id: sources[2],
  });

  // What adjudication teaches, by CLI (the report's JSON section) and on the report page: the third rater's 2 was kept.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["bin/evalform.mjs", "report", suite.suiteId, "--section", "lessons"],
    { env: { ...process.env, EVALFORM_URL: baseURL!, EVALFORM_TOKEN: (await created.json()).token } },
  );
  const lessons = JSON.parse(stdout);
  expect(lessons.adjudicated_items).toBe(1);
  const keptBy = (name: string) =>
    lessons.raters
      .find((rater: { name: string }) => rater.name === name)
      .adjudicated.fields.find((field: { field: string }) => field.field === "universal.helpfulness").kept;
  expect([keptBy(users[ROLES[0]].name), keptBy(users[ROLES[2]].name)]).toEqual([0, 1]);
  await page.goto(`/admin/suites/${suite.suiteId}/report`);
  const section = page.getByTestId("adjudication-lessons");
  await expect(section.getByRole("heading", { name: "What adjudication teaches" })).toBeVisible();
  await expect(section.getByTestId("alpha-before-after")).toContainText("Helpfulness");
  await expect(section.getByTestId("rater-accuracy")).toContainText(users[ROLES[2]].name);
});
