// A correction is a new record: the form opens prefilled from the original
// (fractional scores, as judges' means produce, shown as such), and the new
// record's derived_from links back; the original is unchanged.
import { expect, test } from "@playwright/test";
import { AifFormPage } from "./support/aif-form-page";
import { storageStateOf } from "./support/users";

test.use({ storageState: storageStateOf("rater") });

test("correct a record: fractional scores shown, new record derives from the original", async ({ page, request }) => {
  const taskId = `e2e-correct-${Date.now()}`;
  const confident = { score: 5, confidence: "high" };
  const created = await request.post("/api/records", {
    data: {
      subject: { system_under_test: "Acme", modality_tags: ["chat"] },
      task: { task_id: taskId, modality: "chat", prompt: "Explain DNS in one paragraph." },
      universal: {
        helpfulness: { score: 4.4, confidence: "medium", rationale: "Mean of 5 samples." },
        instruction_following: confident,
        faithfulness: confident,
        safety_overall: confident,
        overall_quality: confident,
      },
    },
  });
  expect(created.status()).toBe(201);
  const original = (await created.json()).record;

  await page.goto(`/records/${original.eval_id}`);
  await page.getByRole("link", { name: "Correct this record" }).click();
  const form = new AifFormPage(page);
  await expect(page.locator(".aif-form[data-hydrated=true]")).toHaveCount(1);
  await expect(form.fieldset("universal_helpfulness")).toContainText("Current score 4.4");
  await expect(form.field("derived_from")).toHaveValue(original.eval_id);
  await expect(form.rationale("universal_helpfulness")).toHaveValue("Mean of 5 samples.");

  await form.score("universal_helpfulness", 3);
  await form.confidence("universal_helpfulness", "High");
  await form.rationale("universal_helpfulness").fill("Skips how resolvers cache answers.");
  await form.submit();

  await expect(page).toHaveURL(/\/records\/[0-9a-f-]{36}\?created=1$/);
  const correction = JSON.parse((await page.getByTestId("record-json").textContent()) ?? "{}");
  expect(correction.eval_id).not.toBe(original.eval_id);
  expect(correction.derived_from).toBe(original.eval_id);
  expect(correction.universal.helpfulness).toEqual({
    score: 3,
    confidence: "high",
    rationale: "Skips how resolvers cache answers.",
  });
  await expect(page.locator(".record-facts").getByRole("link", { name: original.eval_id })).toBeVisible();

  const unchanged = await (await request.get(`/api/records/${original.eval_id}`)).json();
  expect(unchanged).toEqual(original);
});
