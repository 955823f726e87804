// The validate command through its real entry point (a child process) on real files.
import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { chatDraft } from "./sample-drafts";
import { completeRecord } from "./server-fields";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "..", "..");

async function validate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run("node_modules/.bin/tsx", ["scripts/validate.ts", ...args], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const valid = completeRecord(chatDraft(), {
  evalId: "6f1c2f2e-8d7a-4f4e-9a57-3f6f6f1b2c3d",
  createdAt: new Date("2026-11-21T10:00:00Z"),
});
const invalid = { ...valid, universal: { ...valid.universal, helpfulness: { score: 2, confidence: "high" } } };
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "evalform-validate-"));
  await writeFile(path.join(dir, "one.json"), JSON.stringify(valid));
  await writeFile(path.join(dir, "array.json"), JSON.stringify([valid, invalid]));
  await writeFile(path.join(dir, "records.jsonl"), `${JSON.stringify(valid)}\n\n${JSON.stringify(invalid)}\n`);
  await writeFile(path.join(dir, "broken.jsonl"), `${JSON.stringify(valid)}\n{"schema_version": \n`);
});

describe("npm run validate", () => {
  it("exits 0 when every record is valid", async () => {
    const result = await validate(path.join(dir, "one.json"));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("1 valid, 0 invalid");
  });

  it("--json prints one line per record with JSON Pointer paths, and exits 1 on an invalid record", async () => {
    const result = await validate("--json", path.join(dir, "array.json"), path.join(dir, "records.jsonl"));
    expect(result.code).toBe(1);
    const lines = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toEqual({ file: path.join(dir, "array.json"), index: 0, valid: true, errors: [] });
    expect(lines[3]).toEqual({
      file: path.join(dir, "records.jsonl"),
      index: 1,
      valid: false,
      errors: [{ path: "/universal/helpfulness/rationale", rule: "rationaleRequired", message: expect.any(String) }],
    });
  });

  it("exits 2 naming the file and line when a file cannot be parsed or read", async () => {
    const broken = await validate(path.join(dir, "broken.jsonl"));
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain("broken.jsonl:2: not valid JSON");
    const missing = await validate(path.join(dir, "nope.json"));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("nope.json: cannot be read: ENOENT");
  });
});
