// The one import reader: JSON Lines vs one JSON document by one rule, a
// verdict per entry, and the byte, length and depth limits.
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readEntries, type Entry, type FileKind } from "./read-entries";

async function read(text: string | Buffer, kinds: readonly FileKind[] = ["jsonl", "json"], maxLineBytes?: number) {
  const result = await readEntries(Readable.from([typeof text === "string" ? Buffer.from(text) : text]), {
    kinds,
    maxLineBytes,
  });
  const entries: Entry[] = [];
  for await (const entry of result.entries) entries.push(entry);
  return { format: result.format, entries };
}

const values = (entries: Entry[]) => entries.map((entry) => ("value" in entry ? entry.value : entry.refusal.rule));

describe("readEntries", () => {
  it("reads JSON Lines with a verdict per line, skipping blank lines, numbering by line", async () => {
    const { format, entries } = await read('{"a":1}\n\nnot json\r\n{"b":2}\n');
    expect(format).toBe("jsonl");
    expect(entries.map((entry) => entry.line)).toEqual([1, 3, 4]);
    expect(values(entries)).toEqual([{ a: 1 }, "json", { b: 2 }]);
  });

  it("reads a JSON array as one document, numbering by position", async () => {
    const { format, entries } = await read('[\n  {"a": 1},\n  {"b": "\\u0000"},\n  3\n]\n');
    expect(format).toBe("json");
    expect(values(entries)).toEqual([{ a: 1 }, "storableText", 3]);
    expect(entries[1]).toEqual({
      line: 2,
      refusal: { line: 2, field: "/b", rule: "storableText", message: expect.any(String) },
    });
  });

  it("refuses a number that reads as infinity, naming its line and field, in JSON Lines and in one document", async () => {
    const lines = await read('{"a":1}\n{"b":{"c":1e400}}\n');
    expect(lines.entries[1]).toEqual({
      line: 2,
      refusal: { line: 2, field: "/b/c", rule: "finiteNumber", message: expect.any(String) },
    });
    const document = await read('[\n  {"a": 1},\n  {"b": [-1e999]}\n]\n');
    expect(values(document.entries)).toEqual([{ a: 1 }, "finiteNumber"]);
    expect(document.entries[1]).toMatchObject({ refusal: { line: 2, field: "/b/0" } });
  });

  it("reads a pretty-printed record as one document", async () => {
    const { format, entries } = await read('{\n  "a": 1\n}\n');
    expect(format).toBe("json");
    expect(values(entries)).toEqual([{ a: 1 }]);
  });

  it("reads a file starting with { that is not one JSON value as lines (the first line is bad)", async () => {
    const { format, entries } = await read('{"a":\n{"b":2}\n');
    expect(format).toBe("jsonl");
    expect(values(entries)).toEqual(["json", { b: 2 }]);
  });

  it("refuses a broken JSON array as one entry at position 1", async () => {
    const { format, entries } = await read('[{"a":1},\n');
    expect(format).toBe("json");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ line: 1, refusal: { rule: "json", field: "" } });
  });

  it("reads only lines for formats that accept only JSON Lines", async () => {
    const { format, entries } = await read('[1,2]\n{"a":1}\n', ["jsonl"]);
    expect(format).toBe("jsonl");
    expect(values(entries)).toEqual([[1, 2], { a: 1 }]);
  });

  it("refuses a line over the length limit, invalid UTF-8 and nesting too deep, each on its own line", async () => {
    const deep = `${"[".repeat(200)}${"]".repeat(200)}`;
    const bytes = Buffer.concat([
      Buffer.from(`{"long":"${"x".repeat(600)}"}\n`),
      Buffer.from([0xff, 0xfe, 0x0a]),
      Buffer.from(`${deep}\n{"ok":true}\n`),
    ]);
    const { entries } = await read(bytes, ["jsonl"], 500);
    expect(values(entries)).toEqual(["lineTooLong", "utf8", "maxDepth", { ok: true }]);
    expect(entries.map((entry) => entry.line)).toEqual([1, 2, 3, 4]);
  });
});
