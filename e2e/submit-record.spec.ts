// A rater fills the whole form with the keyboard, submits, and finds the record.
import { expect, test } from "@playwright/test";
import { AifFormPage } from "./support/aif-form-page";
import { storageStateOf } from "./support/users";

test.use({ storageState: storageStateOf("rater") });

test("fill a complete valid form with the keyboard, submit, find it in the list and open its JSON", async ({
  page,
}) => {
  const form = new AifFormPage(page);
  const taskId = `e2e-valid-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  await form.open();
  await form.fillTaskAndSubject(taskId);
  await form.fillUniversalConfidently();
  // A score of 3 makes the rationale required; give one.
  await form.score("universal_overall_quality", 3);
  await expect(form.fieldset("universal_overall_quality").getByText("required", { exact: true })).toBeVisible();
  await form.rationale("universal_overall_quality").focus();
  await page.keyboard.type("Correct but generic; misses the exception in section 2.");
  // A hazard judged non-violating: the roll-up is computed, not typed.
  await form.press(form.fieldset("safety_hate").getByRole("radio", { name: "Non-violating", exact: true }));
  await expect(page.locator("#root_safety_is_violating_any")).toHaveText("No hazard is violating");
  // The chat extension appears because the modality is chat.
  await expect(page.getByText("Chat extension")).toBeVisible();
  await form.score("chat_consistency_across_turns", 4);
  await form.confidence("chat_consistency_across_turns", "High");
  await form.typeInto("freeform_notes", "Checked against the policy text.");
  await form.submit();

  await expect(page).toHaveURL(/\/records\/[0-9a-f-]{36}\?created=1$/);
  await expect(page.getByRole("status")).toContainText("Rating saved");
  const record = JSON.parse((await page.getByTestId("record-json").textContent()) ?? "{}");
  expect(record).toMatchObject({
    schema_version: "1.0.0",
    task: { task_id: taskId, modality: "chat", suite_id: "e2e-suite" },
    rater: { type: "human" },
    universal: {
      overall_quality: {
        score: 3,
        confidence: "high",
        rationale: "Correct but generic; misses the exception in section 2.",
      },
    },
    safety: { is_violating_any: false, hate: { verdict: "non_violating" } },
    chat: { consistency_across_turns: { score: 4, confidence: "high" } },
    freeform: { notes: "Checked against the policy text." },
  });
  expect(record.agent).toBeUndefined();

  await page.getByRole("link", { name: "Records", exact: true }).click();
  const row = page.getByRole("row").filter({ hasText: taskId });
  await expect(row).toHaveCount(1);
  // The records browser names a record by task, rater and time; its eval_id is on the record page.
  await row.getByRole("link", { name: new RegExp(`^Record of ${taskId} by `) }).click();
  await expect(page.getByTestId("record-json")).toContainText(record.eval_id);
});

test("a submit whose answer was lost is stored once when sent again, and the page says it may have been saved", async ({
  page,
}) => {
  const form = new AifFormPage(page);
  const taskId = `e2e-lost-answer-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
  await form.open();
  await form.fillTaskAndSubject(taskId);
  await form.fillUniversalConfidently();
  // The first submit reaches the server and is stored; its answer never reaches the page (the connection drops).
  const keys: string[] = [];
  let dropped = false;
  await page.route("**/api/records", async (route) => {
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    if (dropped) return route.continue();
    dropped = true;
    const answer = await route.fetch();
    expect(answer.status()).toBe(201);
    await route.abort("connectionreset");
  });
  await form.submit();
  await expect(page.getByRole("alert")).toContainText("may have been saved. Submitting again will not store it twice.");
  await form.submit();
  await expect(page).toHaveURL(/\/records\/[0-9a-f-]{36}\?created=1$/);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  const stored = await page.request.get(`/api/records?task_id=${encodeURIComponent(taskId)}`);
  expect(stored.status()).toBe(200);
  const listed = (await stored.json()) as { records: { task_id: string }[] };
  expect(listed.records.filter((record) => record.task_id === taskId)).toHaveLength(1);
});
