// An admin imports a file of each format through the browser, reads the
// per-line report, imports the valid lines, and builds a suite from them.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { chatDraft } from "@/lib/aif/sample-drafts";
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

/** A complete AIF record as an export holds it (server-fields.ts imports the schema JSON, which Playwright cannot load). */
const completeRecord = () => ({
  ...chatDraft(),
  schema_version: "1.0.0",
  eval_id: randomUUID(),
  created_at: new Date().toISOString(),
});

test("an admin stages a records import, reads its grouped report, downloads it, and stores the valid records", async ({
  page,
}) => {
  const valid = [0, 1, 2].map(() => completeRecord());
  const lines = [valid[0], { ...valid[1], eval_id: randomUUID(), universal: "not an object" }, valid[1], valid[2]];
  const file = lines.map((line) => JSON.stringify(line)).join("\n") + "\n";
  await page.goto("/admin/imports");
  await page.getByLabel("The file holds").selectOption({ label: "AIF records (e.g. an export)" });
  // Items' format does not apply to records.
  await expect(page.getByLabel("Format")).toHaveCount(0);
  await page
    .getByLabel("File", { exact: true })
    .setInputFiles({ name: "records-e2e.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(file) });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/imports\/[0-9a-f-]{36}$/);
  const importId = page.url().split("/").at(-1)!;
  await expect(page.getByTestId("import-kind")).toHaveText("records");
  await expect(page.getByTestId("import-status")).toHaveText("awaiting decision");
  const refused = page.getByRole("table", { name: /Refused lines/ });
  await expect(refused).toContainText("/universal");
  await expect(refused.locator("tbody tr").first()).toContainText("2");
  // Nothing stored yet: the valid records are not in the store.
  const before = await page.request.get(`/api/records/${valid[0]!.eval_id}`);
  expect(before.status()).toBe(404);

  const download = await page.request.get(`/api/imports/${importId}/report`);
  expect(download.headers()["content-disposition"]).toContain(`import-${importId}-report.json`);
  expect(await download.json()).toMatchObject({
    kind: "records",
    accepted: 3,
    refused: 1,
    errors: expect.arrayContaining([expect.objectContaining({ line: 2, field: "/universal" })]),
  });

  await page.getByRole("button", { name: "Import the 3 valid lines" }).click();
  await expect(page.getByTestId("import-status")).toHaveText("committed");
  await expect(page.getByTestId("import-imported")).toHaveText("3");
  expect((await page.request.get(`/api/records/${valid[2]!.eval_id}`)).status()).toBe(200);

  await page.goto("/admin/imports");
  const row = page.getByRole("row", { name: /records-e2e\.jsonl/ }).first();
  await expect(row).toContainText("records");
  await expect(row).toContainText("committed");
});

test("the CLI stages a records import, prints its report, and abandons it", async ({ request, baseURL }) => {
  const created = await request.post("/api/tokens", { data: { name: `imports-e2e-${Date.now()}`, roles: ["admin"] } });
  expect(created.status(), await created.text()).toBe(201);
  const token = (await created.json()).token as string;
  const cli = (args: string[]) =>
    promisify(execFile)(process.execPath, ["bin/evalform.mjs", ...args], {
      env: { ...process.env, EVALFORM_URL: baseURL!, EVALFORM_TOKEN: token },
    }).then(
      (result) => ({ code: 0, ...result }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
  const valid = completeRecord();
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), "evalform-stage-")), "records.jsonl");
  await writeFile(file, `${JSON.stringify(valid)}\n"not a record"\n`);

  const staged = await cli(["import", "records", file, "--stage"]);
  expect(staged.code, staged.stderr).toBe(0);
  expect(staged.stderr).toContain(`${file}:2: / type`);
  const summary = JSON.parse(staged.stdout) as { id: string; status: string; accepted: number };
  expect(summary).toMatchObject({ status: "awaiting_decision", accepted: 1 });

  const report = await cli(["import", "report", summary.id]);
  expect(report.code, report.stderr).toBe(0);
  expect(JSON.parse(report.stdout)).toMatchObject({ kind: "records", errors: [{ line: 2, rule: "type" }] });

  const decided = await cli(["import", "decide", summary.id, "discard"]);
  expect(decided.code, decided.stderr).toBe(0);
  expect(JSON.parse(decided.stdout)).toMatchObject({ status: "discarded" });
  expect((await request.get(`/api/records/${valid.eval_id}`)).status()).toBe(404);
});

test("a bad suite names the field that needs attention", async ({ page }) => {
  await page.goto("/admin/suites");
  await page.getByLabel("Name").fill("No items");
  await page.getByLabel(/Suite id/).fill("has spaces in it");
  await page.getByRole("button", { name: "Create suite" }).click();
  await expect(page.locator("#key__error, .field-errors").first()).toBeVisible();
  await expect(page.locator("main")).toContainText(/Letters, digits/);
});
