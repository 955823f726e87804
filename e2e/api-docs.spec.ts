// The API reference page: public, renders the OpenAPI document's operations
// and schemas as text, works from the keyboard, and has no serious axe
// violation; the tokens page links to it.
import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { storageStateOf } from "./support/users";

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("the reference lists the operations with their roles, parameters and schemas", async ({ page }) => {
    await page.goto("/api-docs");
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();

    const submit = page.locator("section.api-operation", {
      has: page.getByRole("heading", { name: "POST /api/records", exact: true }),
    });
    await expect(submit).toBeVisible();
    await expect(submit.getByText("Roles: rater, sme")).toBeVisible();
    await expect(submit.getByRole("link", { name: "AifDraft" })).toBeVisible();

    const listRecords = page.locator("section.api-operation", {
      has: page.getByRole("heading", { name: "GET /api/records", exact: true }),
    });
    const parameters = listRecords.getByRole("table", { name: "Parameters of GET /api/records" });
    await expect(parameters.getByRole("row").filter({ hasText: "rater_type" })).toContainText("repeatable");
    const downloadExport = page.locator("section.api-operation", {
      has: page.getByRole("heading", { name: "GET /api/exports/{exportId}/file", exact: true }),
    });
    await expect(downloadExport.getByText("X-Export-Id", { exact: true })).toBeVisible();
    const startExport = page.locator("section.api-operation", {
      has: page.getByRole("heading", { name: "POST /api/exports", exact: true }),
    });
    await expect(startExport.getByText("Roles: admin")).toBeVisible();
    await startExport.getByRole("link", { name: "422", exact: true }).click();
    await expect(page.locator(":target")).toContainText("Unprocessable");
  });

  test("a schema opens from the keyboard, its JSON is text, and axe finds nothing serious", async ({ page }) => {
    // axe over ~50 operations and their schemas takes 10–30 s here.
    test.slow();
    await page.goto("/api-docs");
    const submit = page.locator("section.api-operation", {
      has: page.getByRole("heading", { name: "POST /api/records", exact: true }),
    });
    await submit.getByRole("link", { name: "AifDraft" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#schema-aifdraft$/);
    const summary = page.locator("#schema-aifdraft summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    const json = page.locator("#schema-aifdraft pre");
    await expect(json).toBeVisible();
    await expect(json).toContainText('"universal"');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the page links the OpenAPI document, which is public", async ({ page, request }) => {
    await page.goto("/api-docs");
    await expect(page.getByRole("link", { name: "/api/openapi.json" })).toHaveAttribute("href", "/api/openapi.json");
    const response = await request.get("/api/openapi.json");
    expect(response.status()).toBe(200);
    const document = await response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.paths["/api/records"].post.operationId).toBe("submitRecord");
  });
});

test.describe("signed in", () => {
  test.use({ storageState: storageStateOf("rater") });
  test("the tokens page links the reference", async ({ page }) => {
    await page.goto("/settings/tokens");
    await page.getByRole("link", { name: "API reference" }).click();
    await expect(page).toHaveURL(/\/api-docs$/);
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  });
});
