// The item as a rater reads it: markdown rendered (tables, highlighted code)
// with hostile HTML inert, long turns collapsed, a turn navigator, the answer
// shown first above a long prompt, agent runs as a trace of paired steps, and
// media that cannot be shown announced instead of a bare `<image:0>`.
import { expect, request, test, type APIRequestContext, type Page } from "@playwright/test";
import { startRating } from "./support/rating-page";
import { seedSuite } from "./support/seed-suite";
import { e2eUsers, storageStateOf } from "./support/users";
import {
  agentItem,
  fewShotItem,
  HOSTILE_HTML,
  LONG_TURN,
  longChatItem,
  markdownItem,
  textToImageItem,
} from "./support/viewer-items";

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
});
test.afterAll(async () => admin.dispose());

test.use({ storageState: storageStateOf("otherRater") });

async function openItem(page: Page, baseURL: string, make: (taskId: string) => Record<string, unknown>) {
  const taskId = `viewer-${Math.random().toString(36).slice(2, 10)}`;
  const suite = await seedSuite(admin, baseURL, { raterIds: [e2eUsers().otherRater.userId], items: [make(taskId)] });
  await startRating(page, suite.suiteKey);
  return page.getByRole("region", { name: "Item to rate" });
}

async function openHeldItem(page: Page, baseURL: string, make: (taskId: string) => Record<string, unknown>) {
  const taskId = `viewer-${Math.random().toString(36).slice(2, 10)}`;
  const suite = await seedSuite(admin, baseURL, { raterIds: [e2eUsers().otherRater.userId], items: [make(taskId)] });
  const next = await page.request.post(`/api/suites/${suite.suiteId}/next`, { headers: { origin: baseURL } });
  expect(next.status()).toBe(200);
  await page.goto(`/rate/${(await next.json()).assignment_id}`);
  await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
  return page.getByRole("region", { name: "Item to rate" });
}

test("markdown is rendered (table, highlighted code) and hostile HTML stays inert text", async ({ page, baseURL }) => {
  const viewer = await openItem(page, baseURL!, markdownItem);
  const table = viewer.getByRole("table");
  await expect(table.getByRole("cell", { name: "alpha" })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Score" })).toBeVisible();
  await expect(viewer.locator("pre code.language-python .hljs-keyword").first()).toHaveText("def");
  // The payload is shown as the text it is, and never ran.
  await expect(viewer.locator("[data-part=content]").last()).toContainText(HOSTILE_HTML);
  await expect(viewer.locator("script, img[src=x]")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __viewerPwned?: number }).__viewerPwned)).toBeUndefined();
  // A javascript: link loses its target; a web link opens in a new tab without referrer.
  await expect(viewer.getByText("a link", { exact: true })).toBeVisible();
  await expect(viewer.getByRole("link", { name: "a link" })).toHaveCount(0);
  const docs = viewer.getByRole("link", { name: "docs" });
  await expect(docs).toHaveAttribute("target", "_blank");
  await expect(docs).toHaveAttribute("rel", "noopener noreferrer nofollow");
  // The exact source is one click away.
  await viewer.getByText("Source", { exact: true }).last().click();
  await expect(viewer.locator("pre").filter({ hasText: "| Model | Score |" })).toBeVisible();
});

test("a long turn is collapsed behind Show all; the turn navigator jumps to the last assistant turn", async ({
  page,
  baseURL,
}) => {
  const viewer = await openItem(page, baseURL!, longChatItem);
  const longBlock = viewer.locator("#turn-8 [data-part=content]");
  const collapsed = (await longBlock.boundingBox())!.height;
  expect(collapsed).toBeLessThan(400);
  await expect(viewer.locator("#turn-8").getByText("Line 60 of a long explanation")).not.toBeInViewport();
  await viewer
    .locator("#turn-8")
    .getByText(/Show all \(60 lines/)
    .click();
  await expect.poll(async () => (await longBlock.boundingBox())!.height).toBeGreaterThan(collapsed * 2);
  await viewer.locator("#turn-8").getByText("Show less").click();

  const turns = viewer.getByRole("navigation", { name: "Turns" });
  await expect(turns.getByRole("link")).toHaveCount(21);
  await turns.getByRole("link", { name: "Jump to the last assistant turn (#20)" }).click();
  await expect(page).toHaveURL(/#turn-20$/);
  await expect(viewer.locator("#turn-20")).toBeInViewport();
  await turns.getByRole("link", { name: "3 user", exact: true }).click();
  await expect(viewer.locator("#turn-3")).toBeInViewport();
});

test("above a long few-shot prompt, the model's answer is shown first", async ({ page, baseURL }) => {
  const viewer = await openItem(page, baseURL!, fewShotItem);
  const answer = viewer.getByRole("region", { name: "Model answer" });
  await expect(answer).toBeInViewport();
  await expect(answer.locator("[data-part=content]")).toHaveText("D");
});

test("an agent run is a trace: calls paired with results, status badges, expand all and search", async ({
  page,
  baseURL,
}) => {
  const viewer = await openItem(page, baseURL!, agentItem);
  await expect(viewer.getByRole("heading", { name: "Transcript: agent run" })).toBeVisible();
  // The steps are the navigation of a run; only the jump to its end is offered above them.
  await expect(viewer.getByRole("navigation", { name: "Turns" }).getByRole("link")).toHaveCount(1);
  await expect(viewer).toContainText("15 tool calls: 13 ok, 1 error, 1 without a result.");
  const steps = viewer.locator("[data-step]");
  await expect(steps).toHaveCount(15);
  // Results are inside their call's step, not separate cards.
  await expect(viewer.locator('li[data-role="tool"]')).toHaveCount(0);
  const failed = steps.nth(3);
  await expect(failed).toHaveAttribute("data-status", "error");
  await expect(failed.locator("details")).toHaveAttribute("open", "");
  await expect(failed).toContainText("Error: upstream timeout after 30 s");
  await expect(steps.nth(14)).toHaveAttribute("data-status", "no_result");
  // Calls 13 and 14 carry no id: paired by order.
  await expect(steps.nth(12).locator("[data-part=tool_result]")).toContainText('"carrier": "carrier-13"');

  // Reading the whole run: one click (was 46 on the card-per-message viewer).
  const closedBefore = await viewer.locator("[data-step] details:not([open])").count();
  expect(closedBefore).toBe(14);
  let clicks = 0;
  await viewer.getByRole("button", { name: "Expand all" }).click();
  clicks += 1;
  await expect(viewer.locator("[data-step] details:not([open])")).toHaveCount(0);
  await expect(viewer.locator("details:not([open]) [data-part]")).toHaveCount(0);
  // Each step's reasoning is open too, and the long result (call 7) is at its full height, not in a scroller.
  await expect(viewer.locator("details[data-reasoning][open]")).toHaveCount(2);
  const longResult = steps.nth(6).locator("[data-long-result]");
  await expect(longResult.getByRole("button", { name: "Cut the result" })).toHaveAttribute("aria-expanded", "true");
  await expect(longResult.locator("[data-part=tool_result]")).toContainText('"seat": "row 60"');
  const scrollers = await viewer.locator("[data-step] *").evaluateAll(
    (elements) =>
      elements.filter((element) => {
        const { overflowY } = getComputedStyle(element);
        return (overflowY === "auto" || overflowY === "scroll") && element.scrollHeight > element.clientHeight + 1;
      }).length,
  );
  expect(scrollers).toBe(0);
  console.log(`clicks to read a 15-call run: ${clicks}`);
  await viewer.getByRole("button", { name: "Collapse all" }).click();
  await expect(viewer.locator("[data-step] details[open]")).toHaveCount(0);
  // Cut again, with its toggle to show it whole.
  await steps.nth(6).locator("summary").click();
  const toggle = longResult.getByRole("button", { name: /^Full height \(\d+ lines\)$/ });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  const cutHeight = await longResult.locator("pre").evaluate((pre) => pre.clientHeight);
  await toggle.click();
  expect(await longResult.locator("pre").evaluate((pre) => pre.clientHeight)).toBeGreaterThan(cutHeight);
  // The steps' timing, from the transcript's timestamps: call 4 at +40 s, answered 1.5 s later.
  await expect(steps.nth(3).locator("summary")).toContainText("took 1.5 s, at +0:40");

  const search = viewer.getByRole("searchbox", { name: "Search the steps" });
  await search.fill("carrier-7");
  await expect(viewer.getByRole("status").filter({ hasText: "steps match" })).toHaveText("1 of 15 steps match");
  await expect(viewer.locator("[data-step]:visible")).toHaveCount(1);
  await expect(viewer.locator("[data-step]:visible details")).toHaveAttribute("open", "");
  expect(await page.evaluate(() => CSS.highlights.get("trace-search")?.size)).toBe(1);
  await search.fill("");
  await expect(viewer.locator("[data-step]:visible")).toHaveCount(15);
});

test("a 41-message chat with 20 long turns reads in full after one click on Expand all turns", async ({
  page,
  baseURL,
}) => {
  // Opened by its assignment (not through the queue page, whose Start button waits on the whole 41-message render).
  const viewer = await openHeldItem(page, baseURL!, (taskId) => {
    const messages = [{ role: "user", content: [{ type: "text", text: `Explain it all, ${taskId}` }] }];
    for (let turn = 1; turn <= 20; turn += 1)
      messages.push(
        { role: "assistant", content: [{ type: "text", text: `${LONG_TURN}\nEnd of long turn ${turn}.` }] },
        { role: "user", content: [{ type: "text", text: `Go on (${turn}).` }] },
      );
    return {
      task: { task_id: taskId, suite_id: "e2e", modality: "chat", prompt: `Explain it all, ${taskId}` },
      subject: { system_under_test: "E2E Model", modality_tags: ["chat"] },
      transcript: { messages },
    };
  });
  await expect(viewer.locator("[data-message-index]")).toHaveCount(41);
  await expect(viewer.locator("details[data-show-all]:not([open])")).toHaveCount(20);
  await viewer.getByRole("button", { name: "Expand all turns (20 long)" }).click();
  await expect(viewer.locator("details[data-show-all]:not([open])")).toHaveCount(0);
  await expect(viewer.getByText("End of long turn 20.")).toBeVisible();
  await viewer.getByRole("button", { name: "Collapse all turns" }).click();
  await expect(viewer.locator("details[data-show-all][open]")).toHaveCount(0);
});

test("an item whose image was dropped says so instead of showing a bare <image:0>", async ({ page, baseURL }) => {
  const viewer = await openItem(page, baseURL!, textToImageItem);
  await expect(viewer.getByRole("note")).toContainText("This item had 1 image that cannot be shown.");
  await expect(viewer.locator("[data-part=content]").last()).toHaveText("[image 1 cannot be shown]");
});
