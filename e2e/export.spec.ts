// Export end to end: the admin's export button with its progress and manifest;
// a client that hangs up mid-download leaves no work behind; the CLI exports,
// verifies, re-imports, and agrees with the server on which records are valid.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readFile, writeFile, mkdtemp } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { chatDraft } from "@/lib/aif/sample-drafts";
import { storageStateOf } from "./support/users";

test.use({ storageState: storageStateOf("admin") });
const run = promisify(execFile);

/** Stores `count` complete records through the records import (as another instance's export would). */
async function importGeneratedRecords(request: APIRequestContext, count: number, prefix: string): Promise<void> {
  const lines = Array.from({ length: count }, (_, index) =>
    JSON.stringify({
      ...chatDraft({ task: { ...chatDraft().task, task_id: `${prefix}-${index}`, suite_id: prefix } }),
      schema_version: "1.0.0",
      eval_id: `${createHash("sha256")
        .update(`${prefix}-${index}`)
        .digest("hex")
        .replace(/^(.{8})(.{4}).(.{3}).(.{3})(.{12}).*$/, "$1-$2-4$3-8$4-$5")}`,
      created_at: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
    }),
  );
  const response = await request.post("/api/records/import", {
    data: lines.join("\n"),
    headers: { "Content-Type": "application/x-ndjson" },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect((await response.json()).imported).toBe(count);
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const created = await request.post("/api/tokens", { data: { name: `export-e2e-${Date.now()}`, roles: ["admin"] } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).token;
}

function cli(args: string[], token: string, baseURL: string) {
  return run(process.execPath, ["bin/evalform.mjs", ...args], {
    env: { ...process.env, EVALFORM_URL: baseURL, EVALFORM_TOKEN: token },
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    (result) => ({ code: 0, ...result }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

test(
  "the export button downloads the filtered records with progress, and links the manifest",
  { tag: "@every-setup" },
  async ({ page }) => {
    const suite = `ui-export-${Date.now()}`;
    await importGeneratedRecords(page.request, 12, suite);
    await page.goto("/admin/export");
    await page.getByLabel("Task ids (comma or space separated)").fill(`${suite}-0, ${suite}-1 ${suite}-2`);
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export", exact: true }).click();
    const download = await downloading;
    await expect(page.getByRole("status")).toContainText("3 of 3 records");
    const file = await readFile(await download.path());
    const records = file
      .toString("utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(records.map((record) => record.task.task_id).sort()).toEqual([`${suite}-0`, `${suite}-1`, `${suite}-2`]);

    const manifestHref = await page.getByRole("link", { name: "Manifest" }).first().getAttribute("href");
    const manifest = await (await page.request.get(manifestHref!)).json();
    expect(manifest.count).toBe(3);
    expect(manifest.filter).toEqual({ task_id: [`${suite}-0`, `${suite}-1`, `${suite}-2`] });
    expect(manifest.file.sha256).toBe(`sha256:${createHash("sha256").update(file).digest("hex")}`);
    await page.reload();
    await expect(page.getByRole("table").getByText(`task_id=${suite}-0,${suite}-1,${suite}-2`)).toBeVisible();

    // A bad filter is refused with the parameter named.
    await page.getByLabel("Task ids (comma or space separated)").fill("");
    await page.getByLabel("Created from (inclusive)").fill("2026-03-01T00:00");
    await page.getByLabel("Created before").fill("2026-02-01T00:00");
    await page.getByRole("button", { name: "Export", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "The filter is not valid" })).toContainText(
      "/to: from must be before to",
    );
  },
);

test("CSV from the export page, the API and the CLI: one row per record, scores flattened, verified by its sha256", async ({
  page,
  baseURL,
}) => {
  const suite = `csv-export-${Date.now()}`;
  await importGeneratedRecords(page.request, 4, suite);
  const rowsOf = (text: string) =>
    text
      .trimEnd()
      .split(/(?<=")\r\n(?=")/)
      .map((row) => row.match(/"(?:[^"]|"")*"/g)!.map((cell) => cell.slice(1, -1)));

  // The page offers the registry's formats; CSV downloads as a .csv file, with progress counting rows, not the header.
  await page.goto("/admin/export");
  await page.getByLabel("Format").selectOption({ label: "CSV (one row per record, scores flattened)" });
  await page.getByLabel("Task ids (comma or space separated)").fill(`${suite}-0 ${suite}-1`);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const download = await downloading;
  await expect(page.getByRole("status")).toContainText("2 of 2 records");
  expect(download.suggestedFilename()).toMatch(/^evalform-records-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.csv$/);
  const [header, ...rows] = rowsOf(await readFile(await download.path(), "utf8"));
  expect(header!.slice(0, 3)).toEqual(["eval_id", "created_at", "derived_from"]);
  expect(header).toContain("universal.helpfulness.score");
  expect(rows.map((row) => row[header!.indexOf("task.task_id")]).sort()).toEqual([`${suite}-0`, `${suite}-1`]);
  const cellOf = (row: string[], name: string) => row[header!.indexOf(name)];
  expect(
    rows.map((row) => [
      cellOf(row, "universal.helpfulness.score"),
      cellOf(row, "universal.faithfulness.confidence"),
      cellOf(row, "issue_tags"),
    ]),
  ).toEqual([
    ["5", "medium", "verbosity"],
    ["5", "medium", "verbosity"],
  ]);

  // The API serves it as text/csv.
  const token = await adminToken(page.request);
  const started = await page.request.post("/api/exports", {
    data: { format: "csv", suite_id: suite },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(started.status(), await started.text()).toBe(201);
  expect((await started.json()).format).toBe("csv");
  const file = await page.request.get((await started.json()).file, { headers: { Authorization: `Bearer ${token}` } });
  expect(file.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(file.headers()["content-disposition"]).toMatch(/\.csv"$/);
  expect(rowsOf(await file.text())).toHaveLength(1 + 4);

  // The CLI exports CSV; verify checks its sha256 and rows, and says records' hashes are JSON/JSONL only.
  const dir = await mkdtemp(path.join(os.tmpdir(), "evalform-csv-"));
  const csv = path.join(dir, "records.csv");
  const manifest = path.join(dir, "records.manifest.json");
  const exported = await cli(
    ["export", "--format", "csv", "--suite_id", suite, "-o", csv, "--manifest", manifest],
    token,
    baseURL!,
  );
  expect(exported.code, exported.stderr).toBe(0);
  expect(exported.stderr).toContain("exported 4 records");
  expect(rowsOf(await readFile(csv, "utf8"))).toHaveLength(1 + 4);
  const verified = await cli(["verify", csv, manifest], token, baseURL!);
  expect(verified.code, verified.stdout).toBe(0);
  expect(verified.stdout).toContain("each record's hash is checked in JSON and JSONL exports only");
  expect(verified.stdout).toContain("the file matches the manifest's sha256");
  await writeFile(csv, (await readFile(csv, "utf8")).replace(`${suite}-0`, `${suite}-9`));
  const tampered = await cli(["verify", csv, manifest], token, baseURL!);
  expect(tampered.code).toBe(1);
  expect(tampered.stdout).toMatch(/records\.csv: sha256 is sha256:[0-9a-f]{64}, the manifest says/);
});

test("a client that hangs up mid-download leaves the server with nothing running", async ({ request, baseURL }) => {
  const suite = `hangup-${Date.now()}`;
  await importGeneratedRecords(request, 6000, suite);
  const token = await adminToken(request);
  const started = await request.post("/api/exports", {
    data: { suite_id: suite },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(started.status()).toBe(201);
  const { file } = (await started.json()) as { file: string };
  const exportId = await new Promise<string>((resolve, reject) => {
    const get = http.get(`${baseURL}${file}`, { headers: { Authorization: `Bearer ${token}` } }, (response) => {
      expect(response.statusCode).toBe(200);
      expect(response.headers["x-export-count"]).toBe("6000");
      // Take one chunk, then go away without reading the rest.
      response.once("data", () => {
        response.destroy();
        get.destroy();
        resolve(String(response.headers["x-export-id"]));
      });
    });
    get.on("error", (error) => (error.message.includes("aborted") ? undefined : reject(error)));
  });
  await expect
    .poll(async () => (await (await request.get(`/api/exports/${exportId}`)).json()).status, { timeout: 15_000 })
    .toBe("aborted");
  const stopped = await (await request.get(`/api/exports/${exportId}`)).json();
  expect(stopped.exported).toBeLessThan(6000);
  expect((await request.get(`/api/exports/${exportId}/manifest`)).status()).toBe(409);
});

test(
  "the CLI exports with a manifest, verifies it, re-imports without change, and catches tampering",
  { tag: "@every-setup" },
  async ({ request, baseURL }) => {
    const suite = `cli-export-${Date.now()}`;
    await importGeneratedRecords(request, 25, suite);
    const token = await adminToken(request);
    const dir = await mkdtemp(path.join(os.tmpdir(), "evalform-cli-"));
    const file = path.join(dir, "records.jsonl");
    const manifest = path.join(dir, "records.manifest.json");
    const exported = await cli(
      [
        "export",
        "--suite_id",
        suite,
        "-o",
        file,
        "--manifest",
        manifest,
        "--decisions",
        path.join(dir, "decisions.jsonl"),
      ],
      token,
      baseURL!,
    );
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain("exported 25 records");
    expect((await readFile(file, "utf8")).trim().split("\n")).toHaveLength(25);

    const verified = await cli(["verify", file, manifest], token, baseURL!);
    expect(verified.code, verified.stdout).toBe(0);
    expect(verified.stdout).toContain("25 records match the manifest");

    const reimported = await cli(["import", "records", file], token, baseURL!);
    expect(reimported.code, reimported.stderr).toBe(0);
    expect(JSON.parse(reimported.stdout)).toMatchObject({ imported: 0, already_present: 25, refused: 0 });

    const text = await readFile(file, "utf8");
    await writeFile(file, text.replace('"score": 5', '"score": 4'));
    const tampered = await cli(["verify", file, manifest], token, baseURL!);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toMatch(/records\.jsonl:\d+: record .* does not match the manifest/);

    const refused = await cli(["export", "--gold", "maybe"], token, baseURL!);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("/gold invalid_value");
  },
);

test("the CLI's validate and the server's agree on a table of records", async ({ request, baseURL }) => {
  const valid = {
    ...chatDraft({ rater: { type: "human", id: "r1" } }),
    schema_version: "1.0.0",
    eval_id: "5b0c3c2e-8f1d-4a6b-9c7e-2d4f6a8b0c1e",
    created_at: "2026-11-01T10:00:00Z",
  };
  const table: unknown[] = [
    valid,
    { ...valid, universal: { ...valid.universal, helpfulness: { score: 9, confidence: "high" } } },
    { ...valid, universal: { ...valid.universal, helpfulness: { score: 2, confidence: "high" } } },
    // Confidence defaults to medium, so a rationale is required.
    { ...valid, universal: { ...valid.universal, helpfulness: { score: 5 } } },
    { ...valid, safety: { is_violating_any: true, hate: { verdict: "violating" } } },
    { ...valid, safety: { is_violating_any: true, hate: { verdict: "non_violating" } } },
    { ...valid, eval_id: "not-a-uuid" },
    { ...valid, unexpected: true },
    [1, 2, 3],
  ];
  const dir = await mkdtemp(path.join(os.tmpdir(), "evalform-validate-"));
  const file = path.join(dir, "table.jsonl");
  await writeFile(file, table.map((record) => JSON.stringify(record)).join("\n"));
  const token = await adminToken(request);
  const result = await cli(["validate", "--json", file], token, baseURL!);
  expect(result.code).toBe(1);
  const cliVerdicts = result.stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { valid: boolean; errors: { path: string; rule: string }[] });
  expect(cliVerdicts).toHaveLength(table.length);
  const shape = (verdict: { valid: boolean; errors: { path: string; rule: string }[] }) => ({
    valid: verdict.valid,
    errors: verdict.errors.map((error) => `${error.path} ${error.rule}`).sort(),
  });
  for (const [index, record] of table.entries()) {
    const server = await (await request.post("/api/records/validate", { data: record })).json();
    expect(shape(cliVerdicts[index]!), `record ${index}`).toEqual(shape(server));
  }
  expect(cliVerdicts.map((verdict) => verdict.valid)).toEqual([
    true,
    false,
    false,
    false,
    false,
    false,
    false,
    false,
    false,
  ]);
});
