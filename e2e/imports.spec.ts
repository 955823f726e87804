// An admin imports a file of each format through the browser, reads the
// per-line report, imports the valid lines, and builds a suite from them.
import path from "node:path";
import { expect, test } from "@playwright/test";
import { e2eUsers, storageStateOf } from "./support/users";

test.use({ storageState: storageStateOf("admin") });

const FIXTURES = path.join(process.cwd(), "lib", "imports", "fixtures");
const FILES = [
  { format: "eee", file: "eee-variants.jsonl", label: "Every Eval Ever (instance-level)" },
  { format: "gage", file: "gage-samples.jsonl", label: "gage-eval Samples", systemUnderTest: "Gage E2E Model" },
  { format: "items", file: "items.jsonl", label: "evalform items (native)" },
] as const;

test(
  "an admin imports a file of each format, chooses to import the valid lines, and creates a suite from them",
  { tag: "@every-setup" },
  async ({ page }) => {
    const imported: string[] = [];
    for (const entry of FILES) {
      await page.goto("/admin/imports");
      await page.getByLabel("Format").selectOption({ label: entry.label });
      if ("systemUnderTest" in entry) await page.getByLabel(/System under test/).fill(entry.systemUnderTest);
      await page.getByLabel("File", { exact: true }).setInputFiles(path.join(FIXTURES, entry.file));
      await page.getByRole("button", { name: "Import", exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/imports\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId("import-status")).toHaveText("awaiting decision");
      // Every refused line is listed with its line number, field and rule; nothing is imported yet.
      const refused = page.getByRole("table", { name: /Refused lines/ });
      await expect(refused.locator("tbody tr").first()).toBeVisible();
      const download = await page.request.get(page.url().replace("/admin/imports/", "/api/imports/") + "/report");
      const report = await download.json();
      expect(report.errors.length).toBeGreaterThan(0);
      expect(report.errors[0]).toEqual(
        expect.objectContaining({ line: expect.any(Number), rule: expect.any(String), field: expect.any(String) }),
      );
      await page.getByRole("button", { name: /Import the \d+ valid lines?/ }).click();
      await expect(page.getByTestId("import-status")).toHaveText("committed");
      await expect(page.getByTestId("import-imported")).toHaveText(String(report.accepted));
      imported.push(entry.file);
    }
    expect(imported).toHaveLength(3);

    await page.goto("/admin/suites");
    const key = `ui-suite-${Date.now()}`;
    await page.getByLabel("Name").fill("Suite from the UI");
    await page.getByLabel(/Suite id/).fill(key);
    await page.getByLabel(/overlap k/).fill("2");
    for (const file of imported)
      await page.getByRole("checkbox", { name: new RegExp(file.replace(".", "\\.")) }).check();
    await page.getByRole("checkbox", { name: new RegExp(e2eUsers().sme.email) }).check();
    await page.getByRole("button", { name: "Create suite" }).click();
    await expect(page).toHaveURL(/\/admin\/suites\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Suite from the UI");
    await expect(page.getByTestId("rater-progress")).toContainText(e2eUsers().sme.email);
    await expect(page.locator("main")).toContainText(/\d+ items/);
  },
);

test("a bad suite names the field that needs attention", async ({ page }) => {
  await page.goto("/admin/suites");
  await page.getByLabel("Name").fill("No items");
  await page.getByLabel(/Suite id/).fill("has spaces in it");
  await page.getByRole("button", { name: "Create suite" }).click();
  await expect(page.locator("#key__error, .field-errors").first()).toBeVisible();
  await expect(page.locator("main")).toContainText(/Letters, digits/);
});
