// verify on a JSON-array export: the file hash, the count and each record's hash
// in order; on a CSV export: the file hash and the row count, saying so.
import { createHash } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { recordHash } from "@/lib/records/canonical-hash";
import { runVerify } from "./verify-command";

it("accepts a JSON array that matches its manifest and names the record that does not", async () => {
  const records = [
    { eval_id: "a", score: 1 },
    { eval_id: "b", score: 2 },
  ];
  const text = `[\n${records.map((record) => JSON.stringify(record)).join(",\n")}\n]\n`;
  const dir = await mkdtemp(path.join(os.tmpdir(), "verify-"));
  const file = path.join(dir, "export.json");
  const manifest = path.join(dir, "manifest.json");
  await writeFile(file, text);
  await writeFile(
    manifest,
    JSON.stringify({
      format: "json",
      count: 2,
      file: { sha256: `sha256:${createHash("sha256").update(text).digest("hex")}` },
      records: records.map((record) => ({ eval_id: record.eval_id, sha256: recordHash(record) })),
    }),
  );
  expect(await runVerify(file, manifest)).toEqual({ count: 2, problems: [], recordsChecked: true });

  await writeFile(file, text.replace('"score":2', '"score":3'));
  const tampered = await runVerify(file, manifest);
  expect(tampered.problems).toHaveLength(2);
  expect(tampered.problems[0]).toMatch(/sha256 is sha256:[0-9a-f]{64}, the manifest says/);
  expect(tampered.problems[1]).toMatch(/export\.json:2: record b does not match the manifest/);
});

it("checks a CSV export's sha256 and row count (a quoted line break is no row) and says records' hashes are JSON/JSONL only", async () => {
  const text = '"eval_id","freeform.notes"\r\n"a","two\r\nlines"\r\n"b",""\r\n';
  const dir = await mkdtemp(path.join(os.tmpdir(), "verify-"));
  const file = path.join(dir, "export.csv");
  const manifest = path.join(dir, "manifest.json");
  await writeFile(file, text);
  await writeFile(
    manifest,
    JSON.stringify({
      format: "csv",
      count: 2,
      file: { sha256: `sha256:${createHash("sha256").update(text).digest("hex")}` },
      records: [],
    }),
  );
  const verified = await runVerify(file, manifest);
  expect(verified).toMatchObject({ count: 2, problems: [], recordsChecked: false });
  expect(verified.note).toMatch(/each record's hash is checked in JSON and JSONL exports only/);

  await writeFile(file, text.replace('"b",""\r\n', ""));
  const short = await runVerify(file, manifest);
  expect(short.problems).toHaveLength(2);
  expect(short.problems[1]).toMatch(/holds 1 records, the manifest says 2/);
});

it("refuses a manifest of a format it does not know", async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "verify-"));
  const manifest = path.join(dir, "manifest.json");
  await writeFile(manifest, JSON.stringify({ format: "xml", count: 0, file: { sha256: "" }, records: [] }));
  await expect(runVerify(path.join(dir, "none"), manifest)).rejects.toThrow(
    /unknown export format "xml"; known: jsonl, json, csv/,
  );
});

it("checks an eee-0.3.0 export's sha256 only: its lines are made from the records, one per rated dimension", async () => {
  const text = '{"sample_id":"t-1","metadata":{"rationale":"say \\"hi"}}\n{"sample_id":"t-1"}\n{"sample_id":"t-2"}\n';
  const dir = await mkdtemp(path.join(os.tmpdir(), "verify-"));
  const file = path.join(dir, "export.eee.jsonl");
  const manifest = path.join(dir, "manifest.json");
  await writeFile(file, text);
  const sha = `sha256:${createHash("sha256").update(text).digest("hex")}`;
  await writeFile(manifest, JSON.stringify({ format: "eee-0.3.0", count: 2, file: { sha256: sha }, records: [] }));
  const verified = await runVerify(file, manifest);
  expect(verified).toMatchObject({ count: 3, problems: [], recordsChecked: false });
  expect(verified.note).toMatch(/holds 3 lines made from the manifest's 2 records/);

  await writeFile(file, text.replace("t-2", "t-3"));
  expect((await runVerify(file, manifest)).problems).toEqual([
    expect.stringMatching(/sha256 is sha256:[0-9a-f]{64}, the manifest says/),
  ]);
});
