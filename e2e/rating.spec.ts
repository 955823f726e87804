// The rater loop in a real browser: queue → rate with the keyboard alone →
// submit → next; drafts that survive a reload and a dropped connection; item
// text that is shown as text, never run.
import { expect, request, test, type APIRequestContext } from "@playwright/test";
import { rateEveryDimensionByKeyboard, startRating } from "./support/rating-page";
import { chatItem, seedSuite } from "./support/seed-suite";
import { e2eUsers, storageStateOf } from "./support/users";

let admin: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  admin = await request.newContext({ baseURL, storageState: storageStateOf("admin") });
});
test.afterAll(async () => admin.dispose());

test.use({ storageState: storageStateOf("otherRater") });

test(
  "a rater works through a queue with the keyboard alone: queue → rate → submit → next → done",
  { tag: "@every-setup" },
  async ({ page, baseURL }) => {
    const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().otherRater.userId], count: 2 });
    await startRating(page, suite.suiteKey);
    for (let item = 0; item < 2; item += 1) {
      await expect(page.getByRole("region", { name: "Item to rate" })).toContainText(/Answer \d of /);
      await rateEveryDimensionByKeyboard(page, 5);
      await page.keyboard.press("Control+Enter");
      await expect(page.getByTestId("submitted")).toBeVisible();
      await page.keyboard.press("n");
      if (item === 0) await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
    }
    await expect(page).toHaveURL(/\/queue\?finished=/);
    await expect(page.getByTestId(`queue-suite-${suite.suiteKey}`)).toContainText("You rated 2");
    const records = await (await admin.get("/api/records?limit=200")).json();
    const mine = records.records.filter((record: { suite_id: string }) => record.suite_id === suite.suiteKey);
    expect(mine.map((record: { task_id: string }) => record.task_id).sort()).toEqual([...suite.taskIds].sort());
    // The admin's progress for the suite, overall and per rater, counts the two ratings.
    const progress = await (await admin.get(`/api/suites/${suite.suiteId}`)).json();
    expect(progress).toMatchObject({ ratings_submitted: 2, ratings_needed: 2, complete_items: 2 });
    expect(progress.raters).toEqual([
      expect.objectContaining({ user_id: e2eUsers().otherRater.userId, submitted: 2, held: 0 }),
    ]);
  },
);

test("? lists the shortcuts", async ({ page, baseURL }) => {
  const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().otherRater.userId], count: 1 });
  await startRating(page, suite.suiteKey);
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  await page.keyboard.press("?");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Submit the rating");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("the draft survives a reload, and edits made offline are saved when the connection returns", async ({
  page,
  context,
  baseURL,
}) => {
  const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().otherRater.userId], count: 1 });
  await startRating(page, suite.suiteKey);
  const notes = page.locator("#root_freeform_notes");
  await notes.fill("first thoughts");
  await notes.blur();
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved");
  // A routine save is shown, not announced: the live region stays silent until something goes wrong.
  await expect(page.getByTestId("save-status")).not.toHaveAttribute("aria-live");
  await expect(page.getByTestId("save-status")).not.toHaveAttribute("role");
  await expect(page.getByTestId("save-announcement")).toHaveText("");
  await page.reload();
  await expect(page.locator("#root_freeform_notes")).toHaveValue("first thoughts");

  // A reload before the server has the change: the browser's copy is restored.
  await page.locator("#root_freeform_notes").fill("typed just before a reload");
  await page.locator("#root_freeform_notes").blur();
  await page.reload();
  await expect(page.locator("#root_freeform_notes")).toHaveValue("typed just before a reload");

  await context.setOffline(true);
  await page.locator("#root_freeform_notes").fill("written while offline");
  await page.locator("#root_freeform_notes").blur();
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "offline");
  await expect(page.getByTestId("save-announcement")).toHaveText(/^Offline/);
  await context.setOffline(false);
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-state", "saved", { timeout: 15_000 });
  await expect(page.getByTestId("save-announcement")).toHaveText("Saved again: your changes are on the server.");
  const assignmentId = page.url().split("/rate/")[1]!;
  const rater = await request.newContext({ baseURL, storageState: storageStateOf("otherRater") });
  const stored = await (await rater.get(`/api/assignments/${assignmentId}`)).json();
  expect(stored.draft.freeform.notes).toBe("written while offline");
  await rater.dispose();
  await page.reload();
  await expect(page.locator("#root_freeform_notes")).toHaveValue("written while offline");
});

test(
  "a submission made offline is queued and sent once when the connection returns",
  { tag: "@every-setup" },
  async ({ page, context, baseURL }) => {
    const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().otherRater.userId], count: 1 });
    await startRating(page, suite.suiteKey);
    await rateEveryDimensionByKeyboard(page, 4);
    await context.setOffline(true);
    await page.keyboard.press("Control+Enter");
    await expect(page.getByTestId("submit-queued")).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByTestId("submitted")).toBeVisible({ timeout: 15_000 });
    const records = await (await admin.get("/api/records?limit=200")).json();
    expect(records.records.filter((record: { suite_id: string }) => record.suite_id === suite.suiteKey)).toHaveLength(
      1,
    );
  },
);

test("script in a prompt or a response is shown as text and never runs", async ({ page, baseURL }) => {
  const payload = `<script>window.__evalformXss = 1</script><img src=x onerror="window.__evalformXss = 2">`;
  const item = chatItem(`xss-${Date.now()}`, `Answer with ${payload}`);
  (item.task as { prompt: string }).prompt = `System note ${payload}`;
  const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().otherRater.userId], items: [item] });
  await startRating(page, suite.suiteKey);
  const viewer = page.getByRole("region", { name: "Item to rate" });
  await expect(viewer).toContainText(`Answer with ${payload}`);
  await expect(viewer).toContainText(`System note ${payload}`);
  await expect(viewer.locator("script, img[src=x]")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __evalformXss?: number }).__evalformXss)).toBeUndefined();
});

test("the viewer shows an agent run: tool calls and reasoning collapsed, tool results, options, context, automatic scores, and long text cut short", async ({
  page,
  baseURL,
}) => {
  const taskId = `viewer-${Date.now()}`;
  const item = {
    task: { task_id: taskId, modality: "agent", prompt: "Cancel order 7", reference: "Order 7 is cancelled." },
    subject: { system_under_test: "E2E Agent", modality_tags: ["agent"] },
    transcript: {
      messages: [
        { role: "user", content: [{ type: "text", text: "Cancel order 7" }] },
        {
          role: "assistant",
          content: [],
          reasoning: "The user wants a cancellation.",
          tool_calls: [{ id: "c1", name: "cancel_order", arguments: { id: 7 } }],
        },
        { role: "tool", content: [{ type: "text", text: '{"ok":true}' }], tool_call_id: "c1" },
        { role: "assistant", content: [{ type: "text", text: `Cancelled. ${"x".repeat(25_000)}` }] },
      ],
    },
    options: [
      { id: "A", content: "Cancel" },
      { id: "B", content: "Refund" },
    ],
    context_documents: [{ id: "d1", title: "Cancellation policy", text: "Orders can be cancelled before shipping." }],
    automatic_scores: { score: 0.5, is_correct: false, answer_attribution: [{ source: "output.raw" }] },
  };
  const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().otherRater.userId], items: [item] });
  await startRating(page, suite.suiteKey);
  const viewer = page.getByRole("region", { name: "Item to rate" });
  // The call and its result are one step of the trace, collapsed until asked.
  const toolCall = viewer.locator("details", { has: page.locator("summary", { hasText: "Step 1 cancel_order" }) });
  await expect(toolCall).not.toHaveAttribute("open");
  await toolCall.locator("summary").click();
  await expect(toolCall).toContainText('"id": 7');
  await expect(
    viewer.locator("details", { has: page.locator("summary", { hasText: "Reasoning" }) }),
  ).not.toHaveAttribute("open");
  await expect(toolCall).toContainText('"ok": true');
  await expect(viewer.getByRole("region", { name: "Options" })).toContainText("Refund");
  await expect(viewer.getByRole("region", { name: "Context documents (1)" })).toContainText(
    "Orders can be cancelled before shipping.",
  );
  const scores = viewer.getByRole("region", { name: "Automatic scores" });
  await expect(scores).toContainText("is_correct");
  await expect(scores).toContainText("answer_attribution");
  await expect(viewer.getByRole("region", { name: "Model answer and reference" })).toContainText(
    "Order 7 is cancelled.",
  );
  const transcript = viewer.getByRole("region", { name: "Transcript" });
  await transcript.getByRole("button", { name: "Show all (25,011 characters)" }).click();
  await expect(transcript.getByRole("button", { name: "Show less" })).toBeVisible();
});

test("text selected in the transcript becomes a hazard's evidence with e, linked to where it came from", async ({
  page,
  baseURL,
}) => {
  const suite = await seedSuite(admin, baseURL!, { raterIds: [e2eUsers().otherRater.userId], count: 1 });
  await startRating(page, suite.suiteKey);
  await page
    .locator("fieldset#root_safety_violent_crimes")
    .getByRole("radio", { name: "Violating", exact: true })
    .check();
  const evidence = page.locator("#root_safety_violent_crimes_evidence");
  await evidence.focus();
  const answer = page.locator('[data-item-root] [data-message-index="1"] [data-part="content"]').first();
  // As with a mouse: clicking into the transcript takes focus off the field, then the text is selected.
  await answer.click();
  await answer.selectText();
  await page.keyboard.press("e");
  await expect(evidence).toHaveValue(/Answer 0 of /);
  await expect(page.getByRole("region", { name: "Quoted evidence" })).toContainText("message 2 (assistant)");
});
