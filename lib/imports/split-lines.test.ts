import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { splitLines, type RawLine } from "./split-lines";

async function collect(chunks: Buffer[], maxLineBytes?: number): Promise<RawLine[]> {
  const lines: RawLine[] = [];
  for await (const line of splitLines(Readable.from(chunks), maxLineBytes)) lines.push(line);
  return lines;
}

describe("splitLines", () => {
  it("splits on LF and CRLF, keeps a last line without a newline, and joins characters split across chunks", async () => {
    const euro = Buffer.from("€");
    const lines = await collect([
      Buffer.from("a\r\nb"),
      euro.subarray(0, 1),
      euro.subarray(1),
      Buffer.from("\n\nlast"),
    ]);
    expect(lines).toEqual([
      { number: 1, text: "a" },
      { number: 2, text: "b€" },
      { number: 3, text: "" },
      { number: 4, text: "last" },
    ]);
  });

  it("refuses a zip or gzip file once, as line 1, saying what it is and how to read it", async () => {
    const zip = await collect([
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x0a]),
      Buffer.from([0xff, 0x0a, 0xfe]),
    ]);
    expect(zip).toHaveLength(1);
    expect(zip[0]).toMatchObject({ number: 1, error: { rule: "archive" } });
    expect(zip[0] && "error" in zip[0] && zip[0].error.message).toMatch(
      /zip archive.*Inspect \.eval.*inspect log convert --to json/,
    );
    const gzip = await collect([Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x0a, 0xff])]);
    expect(gzip).toEqual([
      { number: 1, error: { rule: "archive", message: expect.stringMatching(/gzip-compressed; decompress it/) } },
    ]);
    // "PK" alone at the start of a text file is text.
    expect(await collect([Buffer.from("PK is a key\n")])).toEqual([{ number: 1, text: "PK is a key" }]);
  });

  it("reports invalid UTF-8 on its own line and reads on", async () => {
    const lines = await collect([
      Buffer.concat([Buffer.from("ok\n"), Buffer.from([0xff, 0xfe, 0x0a]), Buffer.from("after\n")]),
    ]);
    expect(lines).toEqual([
      { number: 1, text: "ok" },
      { number: 2, error: { rule: "utf8", message: "the line is not valid UTF-8" } },
      { number: 3, text: "after" },
    ]);
  });

  it("skips a line longer than the limit without keeping its bytes, and reads on", async () => {
    const long = Buffer.alloc(5000, 0x61);
    const lines = await collect([Buffer.from("short\n"), long, long, Buffer.from("\nnext\n")], 4096);
    expect(lines[1]).toMatchObject({ number: 2, error: { rule: "lineTooLong" } });
    expect(lines).toHaveLength(3);
    expect(lines[2]).toEqual({ number: 3, text: "next" });
  });
});
