// The pair views are blind in what they send, not only in what they show: a
// two-system pairwise suite whose imports set per-system task fields
// (transcript_url, the import file's suite_id, gold_item_id,
// calibration_target) and subject names (model, version); the rater's pair
// page, its RSC payload (fetched with `RSC: 1` and every response Chromium
// received while loading it) and GET /api/pairwise/assignments/:id, and the
// SME's pair-review page and its RSC payload, contain neither system's name
// nor any per-system value. After submitting, the rater's own records read
// back (record page with its RSC payload, records list, GET /api/records/:id)
// carry no system either, while the admin's read has it.
import { randomBytes } from "node:crypto";
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { chatDraft } from "@/lib/aif/sample-drafts";
import { chatItem, importItems } from "./support/seed-suite";
import { e2eUsers, storageStateOf } from "./support/users";

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
});
test.afterAll(async () => admin.dispose());

async function seedBlindSuite(baseURL: string) {
  const prefix = `e2e-blind-${randomBytes(4).toString("hex")}`;
  const systems = [`Zephyr-${prefix}`, `Aurora-${prefix}`];
  const taskId = `${prefix}-0`;
  const perSystem = (system: string) => ({
    suite_id: `file-of-${system}`,
    transcript_url: `https://logs.example/${system}/run.json`,
    gold_item_id: `gold-of-${system}`,
    calibration_target: { note: `target-of-${system}` },
  });
  const headers = { origin: baseURL };
  const importIds: string[] = [];
  for (const [index, system] of systems.entries()) {
    const item = chatItem(taskId, `${index === 0 ? "A short" : "A longer, more careful"} answer to ${taskId}`);
    importIds.push(
      await importItems(admin, baseURL, [
        {
          ...item,
          task: { ...(item.task as object), ...perSystem(system) },
          subject: {
            system_under_test: system,
            model: `model-${system}`,
            version: `v-${system}`,
            modality_tags: ["chat"],
          },
        },
      ]),
    );
  }
  const created = await admin.post("/api/pairwise/suites", {
    data: {
      name: `Blind ${prefix}`,
      key: prefix,
      design: "all_pairs",
      overlap_k: 1,
      import_ids: importIds,
      rater_ids: [e2eUsers().rater.userId],
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const suiteId = (await created.json()).id as string;
  const reviewers = await admin.put(`/api/pairwise/suites/${suiteId}/reviewers`, {
    data: { reviewer_ids: [e2eUsers().sme.userId] },
    headers,
  });
  expect(reviewers.status(), await reviewers.text()).toBe(200);
  const run = await admin.post(`/api/pairwise/suites/${suiteId}/judge-runs`, { data: {}, headers });
  expect(run.status(), await run.text()).toBe(201);
  await expect
    .poll(
      async () =>
        (await (await admin.get(`/api/pairwise/suites/${suiteId}/judge-runs`)).json()).judge_runs[0]?.progress?.stored,
      { timeout: 30_000 },
    )
    .toBe(1);
  // Every value that names one system: its names and its own task fields.
  const revealing = systems.flatMap((system) => [
    system,
    `model-${system}`,
    `v-${system}`,
    ...Object.values(perSystem(system)).map((value) => (typeof value === "string" ? value : value.note)),
  ]);
  return { prefix, suiteId, taskId, systems, revealing };
}

/** Loads `path` in Chromium, keeping the text of every response it received, then fetches its RSC payload. */
async function loadBlind(page: Page, path: string): Promise<{ html: string; received: string[]; rsc: string }> {
  const received: Promise<string>[] = [];
  page.on("response", (response) => {
    const type = response.headers()["content-type"] ?? "";
    if (/text|json|component|javascript/.test(type)) received.push(response.text().catch(() => ""));
  });
  await page.goto(path);
  await expect(page.locator("h1")).toBeVisible();
  const html = await page.content();
  const rscAnswer = await page.request.get(path, { headers: { RSC: "1" } });
  expect(rscAnswer.status()).toBe(200);
  expect(rscAnswer.headers()["content-type"]).toContain("text/x-component");
  return { html, received: await Promise.all(received), rsc: await rscAnswer.text() };
}

function expectNoneOf(revealing: string[], texts: string[], where: string) {
  for (const value of revealing)
    for (const [index, text] of texts.entries()) expect(text, `${where} #${index} holds ${value}`).not.toContain(value);
}

test("the pair and pair-review views send neither system's name nor any per-system task field", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const seeded = await seedBlindSuite(baseURL!);
  const headers = { origin: baseURL! };

  const raterContext = await browser.newContext({ storageState: storageStateOf("rater") });
  const smeContext = await browser.newContext({ storageState: storageStateOf("sme") });
  try {
    // The rater's pair: page, RSC payload, the pair API.
    const rater = await raterContext.newPage();
    const next = await rater.request.post(`/api/pairwise/suites/${seeded.suiteId}/next`, { headers });
    expect(next.status(), await next.text()).toBe(200);
    const assignmentId = (await next.json()).assignment_id as string;
    const pairPage = await loadBlind(rater, `/rate/pair/${assignmentId}`);
    await expect(rater.getByTestId("pair-form")).toBeVisible();
    expect(pairPage.html).toContain(seeded.taskId); // the page is the pair's (its shared task id is shown)
    expect(pairPage.rsc).toContain(seeded.taskId);
    expectNoneOf(seeded.revealing, [pairPage.html, pairPage.rsc, ...pairPage.received], "pair page");
    const pairApi = await rater.request.get(`/api/pairwise/assignments/${assignmentId}`);
    expect(pairApi.status()).toBe(200);
    const pairJson = await pairApi.text();
    expect(JSON.parse(pairJson).task).toEqual({
      task_id: seeded.taskId,
      modality: "chat",
      prompt: `Question ${seeded.taskId}`,
    });
    expectNoneOf(seeded.revealing, [pairJson], "pair API");

    // The SME's pair review: page and RSC payload.
    const sme = await smeContext.newPage();
    const reviewNext = await sme.request.post(`/api/pairwise/suites/${seeded.suiteId}/review-next`, { headers });
    expect(reviewNext.status(), await reviewNext.text()).toBe(200);
    const judgeEvalId = (await reviewNext.json()).judge_eval_id as string;
    expect(judgeEvalId).toMatch(/^[0-9a-f-]{36}$/);
    const reviewPage = await loadBlind(sme, `/review/pair/${judgeEvalId}`);
    await expect(sme.getByTestId("pair-form")).toBeVisible();
    expect(reviewPage.rsc).toContain(seeded.taskId);
    expectNoneOf(seeded.revealing, [reviewPage.html, reviewPage.rsc, ...reviewPage.received], "pair-review page");

    // The rater submits; its own records read back carry no system, the admin's read does.
    const submitted = await rater.request.post(`/api/pairwise/assignments/${assignmentId}/submit`, {
      headers,
      data: {
        preference: "better",
        rationale: "Response 1 is clearer.",
        responses: [responseDraft(), responseDraft()],
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    const evalIds = (await submitted.json()).eval_ids as string[];
    for (const evalId of evalIds) {
      const recordPage = await loadBlind(rater, `/records/${evalId}`);
      await expect(rater.getByTestId("record-system")).toContainText("withheld while the pairwise suite is open");
      const api = await rater.request.get(`/api/records/${evalId}`);
      expect(api.headers()["x-withheld-fields"]).toContain("/subject/system_under_test");
      expectNoneOf(seeded.revealing, [recordPage.html, recordPage.rsc, await api.text()], "own record");
      const whole = await admin.get(`/api/records/${evalId}`);
      expect(seeded.systems).toContain((await whole.json()).subject.system_under_test);
    }
    const list = await loadBlind(rater, `/records?suite_id=${seeded.prefix}`);
    expect(list.html).toContain("withheld while the pairwise suite is open");
    expectNoneOf(seeded.revealing, [list.html, list.rsc], "records list");
  } finally {
    await raterContext.close();
    await smeContext.close();
  }
});

function responseDraft(): Record<string, unknown> {
  const {
    task: _task,
    subject: _subject,
    freeform: _freeform,
    rater: _rater,
    ...rest
  } = chatDraft() as Record<string, unknown>;
  return rest;
}
