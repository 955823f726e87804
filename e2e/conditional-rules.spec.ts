// Each rule stated only in the schema's prose shows on its own field, live
// where it can and on submit always, and nothing is stored while one is broken.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { AifFormPage } from "./support/aif-form-page";
import { storageStateOf } from "./support/users";

test.use({ storageState: storageStateOf("rater") });

async function recordsForTask(request: APIRequestContext, taskId: string): Promise<number> {
  const response = await request.get("/api/records?limit=200");
  const { records } = (await response.json()) as { records: { task_id: string }[] };
  return records.filter((record) => record.task_id === taskId).length;
}

function uniqueTaskId(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;
}

test("rationale: 'required' appears live with score ≤ 3 or confidence not high, and blocks submit on its field", async ({
  page,
  request,
}) => {
  const form = new AifFormPage(page);
  const taskId = uniqueTaskId("rationale");
  await form.open();
  await form.fillTaskAndSubject(taskId);
  await form.fillUniversalConfidently();
  const helpfulness = form.fieldset("universal_helpfulness");
  await expect(helpfulness.getByText("optional", { exact: true })).toBeVisible();

  await form.score("universal_helpfulness", 2);
  await expect(helpfulness.getByText("required", { exact: true })).toBeVisible();
  await form.score("universal_helpfulness", 4);
  await expect(helpfulness.getByText("optional", { exact: true })).toBeVisible();
  await form.confidence("universal_helpfulness", "Medium");
  await expect(helpfulness.getByText("required", { exact: true })).toBeVisible();

  await form.submit();
  const error = page.locator("#root_universal_helpfulness_rationale__error");
  await expect(error).toContainText("rationale is required");
  await expect(form.rationale("universal_helpfulness")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("alert", { name: /to fix before/ })).toContainText("1 problem");
  expect(await recordsForTask(request, taskId)).toBe(0);

  // Fixing it clears the error; the record then saves.
  await form.rationale("universal_helpfulness").focus();
  await page.keyboard.type("Helpful, but I am unsure about the second claim.");
  await page.keyboard.press("Tab");
  await expect(error).toHaveCount(0);
  await form.submit();
  await expect(page).toHaveURL(/\/records\/[0-9a-f-]{36}\?created=1$/);
  expect(await recordsForTask(request, taskId)).toBe(1);
});

test("rationale: an untouched confidence counts as medium", async ({ page }) => {
  const form = new AifFormPage(page);
  await form.open();
  await form.score("universal_faithfulness", 5);
  const faithfulness = form.fieldset("universal_faithfulness");
  await expect(faithfulness.getByText("default", { exact: true })).toBeVisible();
  await expect(faithfulness.getByText("required", { exact: true })).toBeVisible();
});

test("hazard: 'violating' reveals severity and evidence, requires both, and rolls up", async ({ page, request }) => {
  const form = new AifFormPage(page);
  const taskId = uniqueTaskId("hazard");
  await form.open();
  await form.fillTaskAndSubject(taskId);
  await form.fillUniversalConfidently();
  const privacy = form.fieldset("safety_privacy");
  await expect(privacy.getByRole("radiogroup", { name: /severity/ })).toHaveCount(0);
  await form.press(privacy.getByRole("radio", { name: "Violating", exact: true }));
  await expect(privacy.getByRole("radiogroup", { name: /severity/ })).toBeVisible();
  await expect(page.locator("#root_safety_is_violating_any")).toHaveText(/at least one hazard is violating/);

  await form.submit();
  await expect(page.locator("#root_safety_privacy_severity__error")).toContainText("severity");
  await expect(page.locator("#root_safety_privacy_evidence__error")).toContainText("evidence");
  expect(await recordsForTask(request, taskId)).toBe(0);

  await form.press(privacy.getByRole("radio", { name: /^2/ }));
  await page.locator("#root_safety_privacy_evidence").focus();
  await page.keyboard.type("Repeats the user's home address verbatim.");
  await form.submit();
  await expect(page).toHaveURL(/\/records\/[0-9a-f-]{36}\?created=1$/);
  const record = JSON.parse((await page.getByTestId("record-json").textContent()) ?? "{}");
  expect(record.safety).toEqual({
    is_violating_any: true,
    privacy: { verdict: "violating", severity: 2, evidence: "Repeats the user's home address verbatim." },
  });
});

test("a violating hazard switched back to non-violating drops its detail and the roll-up follows", async ({ page }) => {
  const form = new AifFormPage(page);
  await form.open();
  const hate = form.fieldset("safety_hate");
  await form.press(hate.getByRole("radio", { name: "Violating", exact: true }));
  await expect(page.locator("#root_safety_is_violating_any")).toHaveText(/at least one/);
  await form.press(hate.getByRole("radio", { name: "Non-violating", exact: true }));
  await expect(hate.getByRole("radiogroup", { name: /severity/ })).toHaveCount(0);
  await expect(page.locator("#root_safety_is_violating_any")).toHaveText("No hazard is violating");
});

test("extension sections follow the task modality and modality tags", async ({ page }) => {
  const form = new AifFormPage(page);
  await form.open();
  for (const title of ["Chat extension", "Agent extension", "RAG extension", "Multimodal extension"]) {
    await expect(page.getByText(title, { exact: true })).toHaveCount(0);
  }
  await form.press(page.getByRole("radio", { name: "Agent", exact: true }));
  await expect(page.getByText("Agent extension", { exact: true })).toBeVisible();
  await form.press(form.field("subject_modality_tags").getByRole("checkbox", { name: "vision" }));
  await expect(page.getByText("Multimodal extension", { exact: true })).toBeVisible();
  await expect(page.getByText("Chat extension", { exact: true })).toHaveCount(0);
});

test("the server refuses an invalid record with 422 and {path, rule, message} for each problem", async ({
  request,
}) => {
  const response = await request.post("/api/records", {
    data: {
      rater: { type: "human" },
      subject: { system_under_test: "x", modality_tags: ["chat"] },
      task: { task_id: "api-invalid", modality: "chat", prompt: "p" },
      universal: {
        helpfulness: { score: 1, confidence: "high" },
        instruction_following: { score: 5, confidence: "high" },
        faithfulness: { score: 5, confidence: "high" },
        safety_overall: { score: 5, confidence: "high" },
      },
      safety: { is_violating_any: false, hate: { verdict: "violating", severity: 3, evidence: "slur in line 2" } },
    },
  });
  expect(response.status()).toBe(422);
  const body = await response.json();
  expect(body.errors).toEqual(
    expect.arrayContaining([
      { path: "/universal/helpfulness/rationale", rule: "rationaleRequired", message: expect.any(String) },
      { path: "/universal/overall_quality", rule: "required", message: "overall quality is required" },
      { path: "/safety/is_violating_any", rule: "isViolatingAnyRollup", message: expect.any(String) },
    ]),
  );
  expect(await recordsForTask(request, "api-invalid")).toBe(0);
});
