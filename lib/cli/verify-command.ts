// `evalform verify FILE MANIFEST`: checks an export against its manifest with
// no server: the file's sha256, the count, and each record's RFC 8785 hash in
// order. Any mismatch names the line.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import { recordHash } from "@/lib/records/canonical-hash";
import { CliError } from "./api-client";

type Manifest = { count: number; format: "jsonl" | "json"; file: { sha256: string }; records: { eval_id: string; sha256: string }[] };

export async function runVerify(file: string, manifestFile: string): Promise<{ count: number; problems: string[] }> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(manifestFile, "utf8")) as Manifest;
  } catch (error) {
    throw new CliError(`${manifestFile}: not a readable manifest: ${(error as Error).message}`, 2);
  }
  const problems: string[] = [];
  const hashes: { line: number; eval_id: unknown; sha256: string }[] = [];
  let fileSha: string;
  try {
    if (manifest.format === "json") {
      const bytes = await readFile(file);
      fileSha = `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
      const records = JSON.parse(bytes.toString("utf8")) as unknown[];
      records.forEach((record, index) => hashes.push({ line: index + 1, eval_id: (record as { eval_id?: unknown }).eval_id, sha256: recordHash(record) }));
    } else {
      const fileHash = createHash("sha256");
      const stream = createReadStream(file);
      stream.on("data", (chunk) => fileHash.update(chunk));
      let line = 0;
      for await (const text of createInterface({ input: stream, crlfDelay: Infinity })) {
        line += 1;
        if (text.trim() === "") continue;
        const record = JSON.parse(text) as { eval_id?: unknown };
        hashes.push({ line, eval_id: record.eval_id, sha256: recordHash(record) });
      }
      fileSha = `sha256:${fileHash.digest("hex")}`;
    }
  } catch (error) {
    throw new CliError(`${file}: cannot be read as an export: ${(error as Error).message}`, 2);
  }
  if (fileSha !== manifest.file.sha256) problems.push(`${file}: sha256 is ${fileSha}, the manifest says ${manifest.file.sha256}`);
  if (hashes.length !== manifest.count) problems.push(`${file}: holds ${hashes.length} records, the manifest says ${manifest.count}`);
  hashes.forEach((found, index) => {
    const expected = manifest.records[index];
    if (!expected || expected.eval_id !== found.eval_id || expected.sha256 !== found.sha256) {
      problems.push(`${file}:${found.line}: record ${String(found.eval_id)} does not match the manifest (${expected ? `expected ${expected.eval_id} ${expected.sha256}` : "not listed"})`);
    }
  });
  return { count: hashes.length, problems };
}
