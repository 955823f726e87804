// A day's rating from the keyboard alone: ten items with a violating hazard, a
// skip, an agent item whose extension the item filled, and a correction of the
// item just submitted; keys typed from the first moment after navigation are
// kept (also on a CPU slowed 20×).
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  formReady,
  keyCounter,
  rateAllHighNoHazard,
  rateWithRationalesAndHazard,
  DIMENSIONS,
} from "./support/keyboard-rating";
import { startRating } from "./support/rating-page";
import { chatItem, seedSuite } from "./support/seed-suite";
import { e2eUsers, storageStateOf } from "./support/users";

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
});
test.afterAll(async () => admin.dispose());

test.use({ storageState: storageStateOf("otherRater") });

function agentItem(taskId: string): Record<string, unknown> {
  return {
    task: { task_id: taskId, suite_id: "e2e", modality: "agent", prompt: "Cancel my order #W123 and refund it." },
    subject: { system_under_test: "E2E Agent", modality_tags: ["agent", "tool_use"] },
    transcript: {
      messages: [
        { role: "user", content: [{ type: "text", text: "Cancel my order #W123 and refund it." }] },
        {
          role: "assistant",
          content: [],
          tool_calls: [{ id: "c1", name: "get_order", arguments: { order_id: "#W123" } }],
        },
        { role: "tool", content: [{ type: "text", text: '{"status": "pending"}' }], tool_call_id: "c1" },
        {
          role: "assistant",
          content: [],
          tool_calls: [{ id: "c2", name: "cancel_order", arguments: { order_id: "#W123" } }],
        },
        { role: "tool", content: [{ type: "text", text: '{"ok": true}' }], tool_call_id: "c2" },
        { role: "assistant", content: [{ type: "text", text: "Order #W123 is cancelled and refunded." }] },
      ],
    },
    automatic_scores: { evaluation: { score: 1, tool_calls_count: 2 }, performance: { latency_ms: 4210 } },
  };
}

async function submitted(page: Page): Promise<string> {
  await expect(page.getByTestId("submitted")).toBeVisible();
  return (await page.getByTestId("submitted-eval-id").textContent()) ?? "";
}

test("ten items from the keyboard alone: a violating hazard, a skip, a prefilled agent item, a correction", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const prefix = `kbd-${Date.now()}`;
  const items = [
    ...Array.from({ length: 9 }, (_, index) => chatItem(`${prefix}-${index}`, `Answer ${index} of ${prefix}`)),
    agentItem(`${prefix}-agent`),
  ];
  const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().otherRater.userId], items });
  await startRating(page, suite.suiteKey);
  const keys = keyCounter(page);
  const perItem: number[] = [];
  let sawAgent = false;
  let skipped = 0;
  let didHazard = false;
  let didCorrect = false;
  let firstEvalId = "";
  for (let index = 1; index <= 10; index += 1) {
    await formReady(page);
    await expect(page.getByTestId("item-position")).toHaveText(`Item ${index} of 10`);
    const before = keys.presses;
    if (await page.locator("#root_agent").count()) {
      sawAgent = true;
      // The item filled the agent extension: one row per tool call, its efficiency from the automatic scores.
      await expect(page.locator("#root_agent_tool_calls_0_tool")).toHaveValue("get_order");
      await expect(page.locator("#root_agent_tool_calls_1_tool")).toHaveValue("cancel_order");
      await expect(page.locator("#root_agent_efficiency_n_toolcalls")).toHaveValue("2");
      await expect(page.locator("#root_agent_efficiency_latency_ms")).toHaveValue("4210");
      // Tool-call checks start as "not judged", not as "no".
      await expect(
        page.locator("#root_agent_tool_calls_0_call_ok").getByRole("radio", { name: "Not judged" }),
      ).toBeChecked();
      await rateAllHighNoHazard(keys);
      await submitted(page);
    } else if (didCorrect && !didHazard) {
      didHazard = true;
      await rateWithRationalesAndHazard(page, keys);
      await submitted(page);
    } else if (didCorrect && skipped === 0) {
      await keys.press("s");
      await expect(page.getByRole("dialog", { name: "Skip this item" })).toBeVisible();
      await keys.press("2");
      await keys.press("Enter");
      skipped += 1;
      perItem.push(keys.presses - before);
      continue;
    } else {
      await rateAllHighNoHazard(keys);
      const evalId = await submitted(page);
      if (!didCorrect) {
        didCorrect = true;
        firstEvalId = evalId;
        // Step back into the rating just submitted and correct it, the item still beside it.
        await keys.press("c");
        await expect(page.getByTestId("correction")).toBeVisible();
        await expect(page.locator("#root_universal_helpfulness_score-5")).toBeChecked();
        await keys.press("Shift+Digit4");
        await keys.press("Control+Enter");
        await expect(page.getByTestId("submitted")).toContainText("Correction stored");
      }
    }
    await keys.press("n");
    perItem.push(keys.presses - before);
  }
  await expect(page).toHaveURL(/\/queue\?finished=/);
  expect(sawAgent).toBe(true);
  expect(skipped).toBe(1);
  // The all-High items took 8 keys each, next included.
  expect(perItem.filter((count) => count === 8).length).toBeGreaterThanOrEqual(6);

  const records = (await (await admin.get("/api/records?limit=200")).json()).records as {
    eval_id: string;
    suite_id: string;
    derived_from?: string | null;
  }[];
  const mine = records.filter((record) => record.suite_id === suite.suiteKey);
  expect(mine).toHaveLength(10); // nine ratings and one correction
  const bodies = await Promise.all(
    mine.map(async (record) => (await admin.get(`/api/records/${record.eval_id}`)).json()),
  );
  const correction = bodies.find((body) => body.derived_from === firstEvalId);
  expect(correction?.universal.helpfulness).toEqual({ score: 4, confidence: "high" });
  const hazard = bodies.find((body) => body.safety?.hate?.verdict === "violating");
  expect(hazard?.safety).toMatchObject({
    is_violating_any: true,
    hate: { severity: 2, evidence: "A slur in line 2." },
    privacy: { verdict: "non_violating" },
  });
  expect(hazard?.universal.faithfulness).toMatchObject({ score: 2, rationale: "Cites a section that does not exist." });
  const agent = bodies.find((body) => body.task.modality === "agent");
  expect(agent?.agent).toEqual({
    tool_calls: [{ tool: "get_order" }, { tool: "cancel_order" }],
    efficiency: { n_toolcalls: 2, latency_ms: 4210 },
  });
  // The skip is counted for the suite's admin.
  const progress = await (await admin.get(`/api/suites/${suite.suiteId}`)).json();
  expect(progress.raters).toEqual([expect.objectContaining({ submitted: 9, skipped: 1 })]);
});

async function heldAssignment(page: Page, baseURL: string): Promise<string> {
  const suite = await seedSuite(admin, baseURL, { raterIds: [e2eUsers().otherRater.userId], count: 1 });
  const next = await page.request.post(`/api/suites/${suite.suiteId}/next`, { headers: { origin: baseURL } });
  expect(next.status()).toBe(200);
  return (await next.json()).assignment_id as string;
}

async function typeScoresAndNoHazard(page: Page) {
  for (let index = 0; index < DIMENSIONS.length; index += 1) await page.keyboard.press("Shift+Digit5");
  await page.keyboard.press("0");
}

async function typedKeysWereKept(page: Page) {
  await formReady(page);
  for (const dimension of DIMENSIONS) {
    await expect(page.locator(`#root_universal_${dimension}_score-5`)).toBeChecked();
    await expect(
      page.locator(`fieldset#root_universal_${dimension}`).getByRole("radio", { name: "High" }),
    ).toBeChecked();
  }
  await expect(page.locator("#root_safety_is_violating_any")).toHaveText("No hazard is violating");
}

async function typedBeforeHydrationAreKept(page: Page) {
  await typeScoresAndNoHazard(page);
  await typedKeysWereKept(page);
}

test("keys typed the moment the page is loaded are kept and replayed once the form is ready", async ({
  page,
  baseURL,
}) => {
  const assignmentId = await heldAssignment(page, baseURL!);
  await page.goto(`/rate/${assignmentId}`);
  await typedBeforeHydrationAreKept(page);
});

test("keys typed as soon as the HTML is parsed are kept, on a CPU slowed 20×", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const assignmentId = await heldAssignment(page, baseURL!);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
  // The app's scripts are held back until the keys are typed, so the keys come before hydration however
  // fast this machine is (a poll slowed by the same throttle once saw the form hydrated first).
  let releaseScripts = () => undefined as void;
  const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
  // Scripts only: a held stylesheet would also hold the inline key-buffer script behind it.
  const appScript = (url: URL) => url.pathname.startsWith("/_next/static/chunks/") && url.pathname.endsWith(".js");
  await page.route(appScript, async (route) => {
    await scriptsReleased;
    await route.continue();
  });
  await page.goto(`/rate/${assignmentId}`, { waitUntil: "commit", timeout: 120_000 });
  // Typed the moment the page's first inline script has run and the body exists (before it, the browser
  // dispatches no key at all): long before the form is hydrated.
  await page.waitForFunction(() => "__evalformKeys" in window && document.body !== null, undefined, {
    polling: 10,
    timeout: 120_000,
  });
  expect(await page.evaluate(() => document.querySelector(".aif-form[data-hydrated=true]") === null)).toBe(true);
  await typeScoresAndNoHazard(page);
  releaseScripts();
  // Hydration at 20× starts only now: give it the slowed CPU's time.
  await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1, { timeout: 120_000 });
  await typedKeysWereKept(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
});

test("a violating verdict, its severity and its evidence typed without a pause all land, however late the next frame", async ({
  page,
  baseURL,
}) => {
  const assignmentId = await heldAssignment(page, baseURL!);
  await page.goto(`/rate/${assignmentId}`);
  await formReady(page);
  // A busy main thread draws its next frame late; made certain here by delaying every animation frame 300 ms.
  await page.evaluate(() => {
    const nextFrame = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => window.setTimeout(() => nextFrame(callback), 300);
  });
  await page.locator("#root_safety_hate_verdict-not_applicable").focus();
  // "3" (violating) brings severity and evidence into the form; "2" must be its severity, not the verdict
  // "Non-violating", and the text the evidence (in a CI run the text opened the skip dialog instead).
  await page.keyboard.press("3");
  await page.keyboard.press("2");
  await page.keyboard.type("A slur in line 2.");
  await expect(page.locator("#root_safety_hate_verdict-violating")).toBeChecked();
  await expect(page.locator("#root_safety_hate_severity-2")).toBeChecked();
  await expect(page.locator("#root_safety_hate_evidence")).toHaveValue("A slur in line 2.");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("the suite's guidelines sit beside the form as markdown (raw HTML as text): g shows and hides them, and they can be kept open", async ({
  page,
  baseURL,
}) => {
  const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().otherRater.userId], count: 2 });
  const text = "Refund answers must name the **30-day** window.\n<b>not bold</b>";
  const patched = await admin.patch(`/api/suites/${suite.suiteId}`, {
    data: { guidelines: text },
    headers: { origin: baseURL! },
  });
  expect(patched.status()).toBe(200);
  await startRating(page, suite.suiteKey);
  const panel = page.getByTestId("guidelines");
  await expect(panel).toBeVisible();
  await expect(page.getByTestId("guidelines-text")).toHaveCount(0);
  await page.keyboard.press("g");
  // Markdown is rendered; HTML in it is shown as the text it is, never as HTML.
  await expect(page.getByTestId("guidelines-text").locator("strong")).toHaveText("30-day");
  await expect(page.getByTestId("guidelines-text")).toContainText("<b>not bold</b>");
  await expect(page.getByTestId("guidelines-text").locator("b")).toHaveCount(0);
  await page.keyboard.press("g");
  await expect(page.getByTestId("guidelines-text")).toHaveCount(0);
  await panel.getByRole("checkbox", { name: "Keep open" }).check();
  await page.reload();
  await expect(page.getByTestId("guidelines-text")).toBeVisible();
});

test("opening an item saves nothing; a reload restores the draft and says so, without an 'older version' notice", async ({
  page,
  baseURL,
}) => {
  const assignmentId = await heldAssignment(page, baseURL!);
  const version = async () =>
    (await (await page.request.get(`/api/assignments/${assignmentId}`)).json()).draft_version as number;
  await page.goto(`/rate/${assignmentId}`);
  await formReady(page);
  await page.waitForTimeout(2_000);
  expect(await version()).toBe(0);
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "idle");
  // One edit is one save.
  await page.keyboard.press("Shift+Digit4");
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved");
  expect(await version()).toBe(1);
  // Reloading twice in a row (the form's first render of a stored draft is no edit) saves nothing and offers nothing back.
  for (let reload = 0; reload < 2; reload += 1) {
    await page.reload();
    await formReady(page);
    await expect(page.getByTestId("save-status")).toHaveText("Draft restored");
  }
  await page.waitForTimeout(1_500);
  expect(await version()).toBe(1);
  await expect(page.getByText("older version of this draft")).toHaveCount(0);
  await expect(page.locator("#root_universal_helpfulness_score-4")).toBeChecked();
});
