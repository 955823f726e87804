// axe-core finds no serious or critical violation on the form, before and
// after errors are shown, nor on the records pages.
import { UNIVERSAL_DIMENSIONS } from "./support/contract-facts";
import { expect, test } from "@playwright/test";
import { AifFormPage } from "./support/aif-form-page";
import { seriousViolations } from "./support/axe";
import { storageStateOf } from "./support/users";

test.use({ storageState: storageStateOf("rater") });

test("the form page", async ({ page }) => {
  const form = new AifFormPage(page);
  await form.open();
  await form.press(page.getByRole("radio", { name: "Agent", exact: true }));
  await form.press(form.fieldset("safety_privacy").getByRole("radio", { name: "Violating", exact: true }));
  expect(await seriousViolations(page)).toEqual([]);
  await form.submit();
  await expect(page.getByRole("alert", { name: /to fix before/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the records list and a record page", async ({ page, request }) => {
  const created = await request.post("/api/records", {
    data: {
      subject: { system_under_test: "x", modality_tags: ["chat"] },
      task: { task_id: "a11y-record", modality: "chat", prompt: "p" },
      universal: Object.fromEntries([...UNIVERSAL_DIMENSIONS].map((key) => [key, { score: 5, confidence: "high" }])),
    },
  });
  expect(created.status()).toBe(201);
  const { eval_id: evalId } = await created.json();
  await page.goto("/records");
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/records/${evalId}`);
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe("account pages", () => {
  test.use({ storageState: storageStateOf("admin") });
  test("users, audit log and tokens pages", async ({ page }) => {
    for (const path of ["/admin/users", "/admin/audit", "/settings/tokens"]) {
      await page.goto(path);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
});

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  test("the sign-in page", async ({ page }) => {
    await page.goto("/sign-in");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
