// The validate command: reads JSON / JSONL files of AIF records and reports a
// verdict per record, as text or as one JSON line per record.
import { readFile } from "node:fs/promises";
import type { ValidationIssue } from "./types";
import { validateRecord } from "./validate";

export type RecordVerdict = { file: string; index: number; line?: number; valid: boolean; errors: ValidationIssue[] };
type Output = { out: (line: string) => void; err: (line: string) => void };

export class UnreadableFileError extends Error {}

/** The records of one file: a JSON object, a JSON array, or JSONL (one per line). */
export function parseRecordsFile(file: string, text: string): { value: unknown; line?: number }[] {
  const trimmed = text.trim();
  if (trimmed === "") throw new UnreadableFileError(`${file}: the file is empty`);
  const isJsonl = file.endsWith(".jsonl") || file.endsWith(".ndjson");
  if (!isJsonl) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      return Array.isArray(parsed) ? parsed.map((value) => ({ value })) : [{ value: parsed }];
    } catch (error) {
      if (!trimmed.includes("\n"))
        throw new UnreadableFileError(`${file}: not valid JSON: ${(error as Error).message}`);
      // Several lines that are not one JSON document: read it as JSONL.
    }
  }
  const records: { value: unknown; line: number }[] = [];
  text.split(/\r?\n/).forEach((raw, offset) => {
    if (raw.trim() === "") return;
    try {
      records.push({ value: JSON.parse(raw), line: offset + 1 });
    } catch (error) {
      throw new UnreadableFileError(`${file}:${offset + 1}: not valid JSON: ${(error as Error).message}`);
    }
  });
  return records;
}

export async function validateFile(file: string): Promise<RecordVerdict[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new UnreadableFileError(
      `${file}: cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  return parseRecordsFile(file, text).map(({ value, line }, index) => {
    const errors = validateRecord(value);
    return { file, index, ...(line === undefined ? {} : { line }), valid: errors.length === 0, errors };
  });
}

function describe(verdict: RecordVerdict): string[] {
  const where = `${verdict.file}${verdict.line ? `:${verdict.line}` : ""} [${verdict.index}]`;
  if (verdict.valid) return [`${where}: valid`];
  return [
    `${where}: INVALID`,
    ...verdict.errors.map((error) => `  ${error.path || "/"}  ${error.rule}: ${error.message}`),
  ];
}

export async function runValidateCommand(args: string[], output: Output): Promise<number> {
  const json = args.includes("--json");
  const files = args.filter((arg) => arg !== "--json");
  if (files.length === 0) {
    output.err("usage: npm run validate -- [--json] FILE...");
    return 2;
  }
  let invalid = 0;
  let unreadable = 0;
  let total = 0;
  for (const file of files) {
    try {
      for (const verdict of await validateFile(file)) {
        total += 1;
        if (!verdict.valid) invalid += 1;
        if (json)
          output.out(
            JSON.stringify({ file: verdict.file, index: verdict.index, valid: verdict.valid, errors: verdict.errors }),
          );
        else describe(verdict).forEach(output.out);
      }
    } catch (error) {
      if (!(error instanceof UnreadableFileError)) throw error;
      unreadable += 1;
      output.err(error.message);
    }
  }
  if (!json)
    output.out(`${total - invalid} valid, ${invalid} invalid${unreadable ? `, ${unreadable} unreadable file(s)` : ""}`);
  return unreadable > 0 ? 2 : invalid > 0 ? 1 : 0;
}
