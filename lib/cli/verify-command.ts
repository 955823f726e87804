// `evalform verify FILE MANIFEST`: checks an export against its manifest with
// no server: the file's sha256, the count and, where the format holds the
// records themselves (its layout in the format registry: JSON Lines, a JSON
// array), each record's RFC 8785 hash in order. Any mismatch names the line.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { createInterface } from "node:readline";
import type { ExportLayout } from "@/lib/export/formats/format";
import { EXPORT_FORMATS, recordsInLines } from "@/lib/export/formats/registry";
import { recordHash } from "@/lib/records/canonical-hash";
import { CliError } from "./api-client";

type Manifest = {
  count: number;
  format: string;
  file: { sha256: string };
  records: { eval_id: string; sha256: string }[];
};
type Found = { line: number; eval_id: unknown; sha256: string };
type Read = { fileSha: string; count: number; hashes: Found[] | null };

export type VerifyResult = {
  count: number;
  problems: string[];
  /** False when the format holds no records to hash (a table). */ recordsChecked: boolean;
  note?: string;
};

const sha256Of = (hash: ReturnType<typeof createHash>) => `sha256:${hash.digest("hex")}`;

async function readArray(file: string): Promise<Read> {
  const bytes = await readFile(file);
  const records = JSON.parse(bytes.toString("utf8")) as unknown[];
  const hashes = records.map((record, index) => ({
    line: index + 1,
    eval_id: (record as { eval_id?: unknown }).eval_id,
    sha256: recordHash(record),
  }));
  return { fileSha: sha256Of(createHash("sha256").update(bytes)), count: hashes.length, hashes };
}

async function readLines(file: string): Promise<Read> {
  const fileHash = createHash("sha256");
  const stream = createReadStream(file);
  stream.on("data", (chunk) => fileHash.update(chunk));
  const hashes: Found[] = [];
  let line = 0;
  for await (const text of createInterface({ input: stream, crlfDelay: Infinity })) {
    line += 1;
    if (text.trim() === "") continue;
    const record = JSON.parse(text) as { eval_id?: unknown };
    hashes.push({ line, eval_id: record.eval_id, sha256: recordHash(record) });
  }
  return { fileSha: sha256Of(fileHash), count: hashes.length, hashes };
}

/** A table (CSV): its hash and its rows, counted outside quoted cells (a cell may hold a line break). */
async function readTable(file: string, linesBefore: number): Promise<Read> {
  const fileHash = createHash("sha256");
  let inQuotes = false;
  let rows = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    fileHash.update(chunk);
    for (const byte of chunk) {
      if (byte === 34) inQuotes = !inQuotes;
      else if (byte === 10 && !inQuotes) rows += 1;
    }
  }
  return { fileSha: sha256Of(fileHash), count: recordsInLines({ linesBefore }, rows), hashes: null };
}

/** Lines made from the records (JSON Lines whose strings may hold quotes): its hash and its lines. */
async function readDerived(file: string): Promise<Read> {
  const fileHash = createHash("sha256");
  let lines = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    fileHash.update(chunk);
    for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines += 1;
  }
  return { fileSha: sha256Of(fileHash), count: lines, hashes: null };
}

function reader(layout: ExportLayout, linesBefore: number): (file: string) => Promise<Read> {
  if (layout === "array") return readArray;
  if (layout === "derived") return readDerived;
  if (layout === "lines") return readLines;
  return (file) => readTable(file, linesBefore);
}

export async function runVerify(file: string, manifestFile: string): Promise<VerifyResult> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(manifestFile, "utf8")) as Manifest;
  } catch (error) {
    throw new CliError(`${manifestFile}: not a readable manifest: ${(error as Error).message}`, 2);
  }
  const format = EXPORT_FORMATS.find((candidate) => candidate.id === manifest.format);
  if (!format)
    throw new CliError(
      `${manifestFile}: unknown export format ${JSON.stringify(manifest.format)}; known: ${EXPORT_FORMATS.map((known) => known.id).join(", ")}`,
      2,
    );
  let read: Read;
  try {
    read = await reader(format.layout, format.linesBefore)(file);
  } catch (error) {
    throw new CliError(`${file}: cannot be read as an export: ${(error as Error).message}`, 2);
  }
  const problems: string[] = [];
  if (read.fileSha !== manifest.file.sha256)
    problems.push(`${file}: sha256 is ${read.fileSha}, the manifest says ${manifest.file.sha256}`);
  // A derived file has a line per rated dimension, not per record: only its bytes can be held to the manifest.
  if (format.layout !== "derived" && read.count !== manifest.count)
    problems.push(`${file}: holds ${read.count} records, the manifest says ${manifest.count}`);
  read.hashes?.forEach((found, index) => {
    const expected = manifest.records[index];
    if (!expected || expected.eval_id !== found.eval_id || expected.sha256 !== found.sha256) {
      problems.push(
        `${file}:${found.line}: record ${String(found.eval_id)} does not match the manifest (${expected ? `expected ${expected.eval_id} ${expected.sha256}` : "not listed"})`,
      );
    }
  });
  if (read.hashes) return { count: read.count, problems, recordsChecked: true };
  const note =
    format.layout === "derived"
      ? `${file}: a ${format.id} file holds ${read.count} lines made from the manifest's ${manifest.count} records, not the records: its sha256 is checked; each record's hash is checked in JSON and JSONL exports only`
      : `${file}: a ${format.id} file holds the records' fields, not the records: its sha256 and row count are checked; each record's hash is checked in JSON and JSONL exports only`;
  return { count: read.count, problems, recordsChecked: false, note };
}
